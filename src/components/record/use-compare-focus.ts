import { useEffect, useRef } from 'react'
import { keepFocusOnNextNavigation } from '../layout/focus-heading'

type Change = { kind: 'removed'; column: number } | { kind: 'added' }

/**
 * Keeps focus where the user acted on a comparison. Remove and Add change the address, which would move focus
 * to the heading; instead, once the new records are shown (`shown`: the ids they are for), a removal puts
 * focus on the Remove button of the column that took the removed one's place (or on its link, when two are
 * left and nothing can be removed), and an addition on the field it was added from.
 */
export function useCompareFocus(shown: string | null) {
  const container = useRef<HTMLDivElement>(null)
  const change = useRef<{ change: Change; from: string | null } | null>(null)

  useEffect(() => {
    const pending = change.current
    const root = container.current
    if (!pending || !root || shown === null || shown === pending.from) return
    change.current = null
    if (pending.change.kind === 'added') {
      root.querySelector<HTMLInputElement>('.compare-add input')?.focus({ preventScroll: true })
      return
    }
    const { column } = pending.change
    const removes = root.querySelectorAll<HTMLElement>('.compare-remove')
    const links = root.querySelectorAll<HTMLElement>('.compare-table thead th a')
    const targets = removes.length > 0 ? removes : links
    const target = targets[Math.min(column, targets.length - 1)]
    target?.focus({ preventScroll: true })
  }, [shown])

  const before = (next: Change) => {
    change.current = { change: next, from: shown }
    keepFocusOnNextNavigation()
  }
  return {
    container,
    removing: (column: number) => before({ kind: 'removed', column }),
    adding: () => before({ kind: 'added' }),
  }
}
