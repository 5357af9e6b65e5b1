import { useEffect, useId, useRef, useState } from 'react'

type Props = {
  /** Every column the list can show, in the collection's order. */
  columns: readonly { field: string; label: string }[]
  /** The columns shown, in order. */
  shown: readonly string[]
  /** Always shown (the record's name, which links to it). */
  fixed: string
  onChange: (shown: string[]) => void
}

/**
 * "Columns": which columns the list shows and in what order: a tick box per column, shown ones first in their
 * order, each with Move up and Move down.
 */
export function ColumnChooser({ columns, shown, fixed, onChange }: Props) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const ordered = [
    ...shown.flatMap((field) => columns.filter((column) => column.field === field)),
    ...columns.filter((column) => !shown.includes(column.field)),
  ]
  useEffect(() => {
    if (!open) return
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggle.current?.focus()
    }
    document.addEventListener('keydown', close)
    return () => document.removeEventListener('keydown', close)
  }, [open])

  const move = (field: string, by: -1 | 1) => {
    const next = [...shown]
    const at = next.indexOf(field)
    const other = at + by
    if (at < 0 || other < 0 || other >= next.length) return
    ;[next[at], next[other]] = [next[other] ?? field, field]
    onChange(next)
  }
  return (
    <div className="column-chooser">
      <button
        ref={toggle}
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        Columns
      </button>
      {open && (
        <div className="column-panel" id={`${id}-panel`}>
          <fieldset>
            <legend>Columns shown, in order</legend>
            <ul>
              {ordered.map((column) => {
                const on = shown.includes(column.field)
                const at = shown.indexOf(column.field)
                return (
                  <li key={column.field}>
                    <label>
                      <input
                        type="checkbox"
                        checked={on}
                        disabled={column.field === fixed}
                        onChange={() =>
                          onChange(
                            on ? shown.filter((field) => field !== column.field) : [...shown, column.field],
                          )
                        }
                      />
                      {column.label}
                    </label>
                    {on && (
                      <span className="column-moves">
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={`Move ${column.label} up`}
                          disabled={at === 0}
                          onClick={() => move(column.field, -1)}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={`Move ${column.label} down`}
                          disabled={at === shown.length - 1}
                          onClick={() => move(column.field, 1)}
                        >
                          ↓
                        </button>
                      </span>
                    )}
                  </li>
                )
              })}
            </ul>
          </fieldset>
        </div>
      )}
    </div>
  )
}
