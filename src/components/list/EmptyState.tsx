type Props = {
  plural: string
  filtered: boolean
  onClear: () => void
  /** Why nothing can match, when the view itself says so (a range whose start is after its end). */
  reason?: string | null
}

/** No record matches: a way out, never an error. An empty catalogue says so instead. */
export function EmptyState({ plural, filtered, onClear, reason }: Props) {
  if (!filtered) {
    return (
      <div className="state state-empty">
        <h2>The catalogue has no {plural}</h2>
        <p>The service answered, but it holds no {plural} yet.</p>
      </div>
    )
  }
  return (
    <div className="state state-empty">
      <h2>No {plural} match these filters</h2>
      <p>
        {reason
          ? `${reason} Change it, or clear the filters to see every one of the ${plural}.`
          : `Check the spelling, try a shorter part of a word, or clear the filters to see every one of the ${plural}.`}
      </p>
      <button type="button" className="button" onClick={onClear}>
        Clear filters
      </button>
    </div>
  )
}
