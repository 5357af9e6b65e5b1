import { useState } from 'react'

/**
 * `value`, except while `hold` is true: then the value it had when it was last not held. For what must change
 * together with something that arrives later (the rows' links' state with the rows themselves).
 */
export function useHeldWhile<T>(value: T, hold: boolean): T {
  const [held, setHeld] = useState(value)
  if (!hold && held !== value) setHeld(value)
  return hold ? held : value
}
