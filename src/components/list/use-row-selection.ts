import { useState } from 'react'

/** Rows ticked for comparison. A new view (another search string: filters or page) starts with none. */
export function useRowSelection(view: string) {
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<number> }>({
    view,
    ids: new Set(),
  })
  const selected = selection.view === view ? selection.ids : new Set<number>()
  function toggle(id: number) {
    const ids = new Set(selected)
    if (ids.has(id)) ids.delete(id)
    else ids.add(id)
    setSelection({ view, ids })
  }
  /** Ascending, as compare addresses write them. */
  const ids = [...selected].sort((a, b) => a - b)
  return { selected, toggle, ids }
}
