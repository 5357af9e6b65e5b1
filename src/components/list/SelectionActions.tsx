import { useRef } from 'react'

type Props = {
  /** The ticked rows' ids, ascending. */
  ids: readonly number[]
  onClear: () => void
  onCompare: () => void
}

/** What can be done with ticked rows: compare two or more side by side, or drop the ticks (on any page). */
export function SelectionActions({ ids, onClear, onCompare }: Props) {
  // Clear selection goes away with the ticks (and Compare is then disabled): focus stays in the bar.
  const bar = useRef<HTMLFieldSetElement>(null)
  function clear() {
    onClear()
    bar.current?.focus()
  }
  return (
    <fieldset className="selection-actions" aria-label="Ticked rows" tabIndex={-1} ref={bar}>
      {ids.length < 2 && <span className="selection-hint">Tick two or more to compare them.</span>}
      {ids.length > 0 && (
        <button type="button" className="button button-secondary" onClick={clear}>
          Clear selection
        </button>
      )}
      <button
        type="button"
        className="button"
        disabled={ids.length < 2}
        // The second click of a double-click would open the comparison twice over in the history.
        onClick={(event) => event.detail <= 1 && onCompare()}
      >
        Compare selected ({ids.length})
      </button>
    </fieldset>
  )
}
