import { useCallback, useState } from 'react'

/** Copies text to the clipboard and says how it went, for a status message next to the button. */
export function useClipboard() {
  const [message, setMessage] = useState('')
  const copy = useCallback(async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setMessage(`${what} copied.`)
    } catch {
      setMessage(`${what} could not be copied: the browser refused access to the clipboard.`)
    }
  }, [])
  return { message, copy }
}
