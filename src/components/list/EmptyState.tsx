type Props = { plural: string; filtered: boolean; onClear: () => void }

/** No record matches: a way out, never an error. */
export function EmptyState({ plural, filtered, onClear }: Props) {
  return (
    <div className="state state-empty">
      <h2>No {plural} match these filters</h2>
      <p>
        {filtered
          ? `Check the spelling, try a shorter part of a word, or clear the filters to see every one of the ${plural}.`
          : `The catalogue holds no ${plural}.`}
      </p>
      {filtered && (
        <button type="button" className="button" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  )
}
