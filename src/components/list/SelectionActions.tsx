type Props = {
  /** The ticked rows' ids, ascending. */
  ids: readonly number[]
  onClear: () => void
  onCompare: () => void
}

/** What can be done with ticked rows: compare two or more side by side, or drop the ticks (on any page). */
export function SelectionActions({ ids, onClear, onCompare }: Props) {
  return (
    <div className="selection-actions">
      {ids.length < 2 && <span className="selection-hint">Tick two or more to compare them.</span>}
      {ids.length > 0 && (
        <button type="button" className="button button-secondary" onClick={onClear}>
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
    </div>
  )
}
