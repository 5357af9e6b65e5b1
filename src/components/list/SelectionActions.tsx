import { useId, useRef } from 'react'

type Props = {
  /** The ticked rows' ids, ascending. */
  ids: readonly number[]
  onClear: () => void
  onCompare: () => void
}

/** Out of sight, of the accessibility tree and of the tab order, but holding its room. */
const unused = (yes: boolean) => (yes ? ({ visibility: 'hidden' } as const) : undefined)

/** What can be done with ticked rows: compare two or more side by side, or drop the ticks (on any page). */
export function SelectionActions({ ids, onClear, onCompare }: Props) {
  // Clear selection goes away with the ticks (and Compare is then disabled): focus stays in the bar.
  const bar = useRef<HTMLFieldSetElement>(null)
  const hintId = useId()
  function clear() {
    onClear()
    bar.current?.focus()
  }
  return (
    <fieldset className="selection-actions" aria-label="Ticked rows" tabIndex={-1} ref={bar}>
      <button
        type="button"
        className="button"
        disabled={ids.length < 2}
        aria-describedby={ids.length < 2 ? hintId : undefined}
        // The second click of a double-click would open the comparison twice over in the history.
        onClick={(event) => event.detail <= 1 && onCompare()}
      >
        {/* A phone shows "Compare (2)", so that the button and Clear selection share one row; the name is whole. */}
        Compare <span className="compare-word">selected</span> ({ids.length})
      </button>
      {/* The hint and Clear selection take turns in one place that keeps its room (the one out of use is
          hidden from everyone), so that a tick or Clear selection moves no row under a second click. The
          hint still describes Compare while it waits for a second tick. */}
      <span className="selection-turns">
        <span className="selection-hint" id={hintId} style={unused(ids.length > 0)}>
          Tick two or more to compare them.
        </span>
        <button
          type="button"
          className="button button-secondary"
          style={unused(ids.length === 0)}
          onClick={clear}
        >
          Clear selection
        </button>
      </span>
    </fieldset>
  )
}
