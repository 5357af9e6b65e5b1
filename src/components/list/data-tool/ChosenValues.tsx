import { facetValueLabel } from './FacetPanel'

export type Choice = { key: string; label: string; remove: () => void }

/** The view's choices (facet values, ranges), each its own removable item, apart from the "contains" filters. */
export function ChosenValues({
  choices,
  onClearAll,
}: {
  choices: readonly Choice[]
  onClearAll: () => void
}) {
  if (choices.length === 0) return null
  return (
    <div className="chosen-values">
      <ul aria-label="Chosen values">
        {choices.map((choice) => (
          <li key={choice.key}>
            <span>{choice.label}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${choice.label}`}
              onClick={choice.remove}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {choices.length > 1 && (
        <button type="button" className="link-button" onClick={onClearAll}>
          Remove all
        </button>
      )}
    </div>
  )
}

/** "Type is Planet", "Type is (none)". */
export const facetChoiceLabel = (facet: string, value: string) => `${facet} is ${facetValueLabel(value)}`

/** "Residents from 3 to 10", "Air date from 2015", "Created to 2020-06". */
export function rangeChoiceLabel(column: string, range: { from: string; to: string }): string {
  const from = range.from === '' ? '' : ` from ${range.from}`
  const to = range.to === '' ? '' : ` to ${range.to}`
  return `${column}${from}${to}`
}
