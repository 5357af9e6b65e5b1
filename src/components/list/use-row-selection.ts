import { useState } from 'react'

/** Rows ticked for comparison, kept while `view` stays the same (the list's filters); another view starts with none. */
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
  const clear = () => setSelection({ view, ids: new Set() })
  /** Ascending, as compare addresses write them. */
  const ids = [...selected].sort((a, b) => a - b)
  return { selected, toggle, clear, ids }
}
