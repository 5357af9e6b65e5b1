import { useRef } from 'react'

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
  function clear() {
    onClear()
    bar.current?.focus()
  }
  return (
    <fieldset className="selection-actions" aria-label="Ticked rows" tabIndex={-1} ref={bar}>
      {/* Both keep their room while out of use (hidden from everyone then), so that the first tick, the
          second and Clear selection move no row under a second click. */}
      <span className="selection-hint" style={unused(ids.length >= 2)}>
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
