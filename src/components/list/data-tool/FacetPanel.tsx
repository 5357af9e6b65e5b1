import { memo, useId, useRef, useState } from 'react'
import type { FacetCounts } from '../../../catalogue/views/view'
import { completesByItself, describeIndexState } from '../../../catalogue-index/components/describe'
import type { IndexStatus } from '../../../catalogue-index/protocol/worker-api'
import { formatAsOf, grouped } from '../../../lib/format'

/** How many values a facet shows before "Show all"; and at most how many it lists at once after it. */
const FIRST_VALUES = 8
const MOST_LISTED = 100

/** An empty value is a value of its own. */
export const facetValueLabel = (value: string) => (value === '' ? '(none)' : value)

type Props = {
  facets: readonly { name: string; label: string }[]
  /** Null while the index cannot count them (not complete): the room stays, the counts wait. */
  counts: readonly FacetCounts[] | null
  chosen: Readonly<Record<string, readonly string[]>>
  onToggle: (facet: string, value: string) => void
  /** The index they are counted from: whether counts not here yet are on their way, and its date. */
  status: IndexStatus | null
  /** Who counted them: the service (a service that answers views) or the index; null while nothing has. */
  countedBy?: 'service' | 'index' | null
  /** What the note under the facets says instead of the index's words (the search list's own). */
  note?: string
  /** Asks the service to count again, for facets it could not count in time (its refusals are not kept). */
  onRecount?: () => void
}

/**
 * Each facet's values under every other choice, most frequent first, as checkboxes named with their counts:
 * the first 8, then "Show all (N)" with a field to find a value. While the counts are on their way, each facet
 * keeps the room of its first values (their arrival moves nothing); when they wait for the user to build the
 * index, or a facet has no value in the results, it says so in a line instead of an empty box.
 */
export const FacetPanel = memo(function FacetPanel({
  facets,
  counts,
  chosen,
  onToggle,
  status,
  countedBy = 'index',
  note,
  onRecount,
}: Props) {
  const waiting = counts === null && status !== null && !completesByItself(status)
  if (waiting) {
    const named = facets.map((facet) => facet.label.toLocaleLowerCase())
    return (
      <div className="facet-panel">
        <p className="facet-note facet-waiting">
          {note ??
            `Facets (${named.join(', ')}) are counted from the catalogue index, which this browser does not hold yet: ${describeIndexState(status).action} (under the list) to choose among them.`}
        </p>
      </div>
    )
  }
  const countedAt = status?.complete ? status.updatedAt : null
  return (
    <div className="facet-panel">
      <div className="facet-groups">
        {facets.map((facet) => (
          <FacetGroup
            key={facet.name}
            label={facet.label}
            counts={counts?.find((candidate) => candidate.name === facet.name) ?? null}
            chosen={chosen[facet.name] ?? []}
            onToggle={(value) => onToggle(facet.name, value)}
          />
        ))}
      </div>
      <p className="facet-note">
        {note ??
          (counts === null
            ? 'Counts appear once the catalogue index is complete.'
            : countedBy === 'service'
              ? counts.every((facet) => facet.counted === false)
                ? ''
                : 'Counted by the catalogue service.'
              : countedAt !== null
                ? `Counted from the catalogue index of ${formatAsOf(countedAt)}.`
                : '')}
      </p>
      {onRecount && counts?.some((facet) => facet.counted === false) && (
        <p className="facet-note facet-recount">
          The service could not count every facet in time.{' '}
          <button type="button" className="button button-secondary" onClick={onRecount}>
            Count again
          </button>
        </p>
      )}
    </div>
  )
})

function FacetGroup({
  label,
  counts,
  chosen,
  onToggle,
}: {
  label: string
  counts: FacetCounts | null
  chosen: readonly string[]
  onToggle: (value: string) => void
}) {
  const id = useId()
  const [all, setAll] = useState(false)
  const [find, setFind] = useState('')
  // Values just chosen are listed before they are counted.
  const counted = counts?.values ?? []
  // The service could not count this facet in time: only the chosen values are known.
  const notCounted = counts?.counted === false
  const values: { value: string; count: number | null; chosen: boolean }[] = [
    ...counted,
    ...chosen
      .filter((value) => !counted.some((entry) => entry.value === value))
      .map((value) => ({ value, count: null, chosen: true })),
  ]
  const wanted = find.trim().toLocaleLowerCase()
  const matching = all
    ? values.filter((entry) => facetValueLabel(entry.value).toLocaleLowerCase().includes(wanted))
    : values
  const listed = all
    ? matching.slice(0, MOST_LISTED)
    : values.filter((entry, index) => index < FIRST_VALUES || chosen.includes(entry.value))
  const more = counts !== null && values.length > FIRST_VALUES
  // The button moves (to the list's top when expanded, under it when not): focus follows it.
  const box = useRef<HTMLFieldSetElement>(null)
  const showAll = (
    <button
      type="button"
      className="link-button"
      aria-expanded={all}
      onClick={() => {
        setAll(!all)
        setFind('')
        requestAnimationFrame(() => box.current?.querySelector<HTMLButtonElement>('[aria-expanded]')?.focus())
      }}
    >
      {all ? 'Show fewer' : `Show all (${grouped(values.length)})`}
    </button>
  )
  if (counts !== null && values.length === 0 && !notCounted) {
    return (
      <fieldset className="facet">
        <legend>{label}</legend>
        <p className="facet-more">No {label.toLocaleLowerCase()} among these results.</p>
      </fieldset>
    )
  }
  return (
    <fieldset className="facet" ref={box}>
      <legend>
        {label}
        {notCounted && <span className="facet-uncounted"> (not counted)</span>}
      </legend>
      {/* Expanded, its way back is by its own list's top, not under every value. */}
      {all && <p className="facet-all facet-all-top">{showAll}</p>}
      {all && (
        <div className="facet-find">
          <label htmlFor={`${id}-find`} className="visually-hidden">
            Find a {label.toLocaleLowerCase()}
          </label>
          <input
            id={`${id}-find`}
            type="search"
            placeholder={`Find a ${label.toLocaleLowerCase()}`}
            value={find}
            autoComplete="off"
            onChange={(event) => setFind(event.target.value)}
          />
        </div>
      )}
      {/* Its room is kept while the counts are on their way (CSS); a facet not counted says so instead. */}
      {!(notCounted && values.length === 0) && (
        <ul className="facet-values">
          {listed.map((entry) => (
            <li key={entry.value}>
              <label className={entry.value === '' ? 'facet-value facet-none' : 'facet-value'}>
                <input
                  type="checkbox"
                  checked={chosen.includes(entry.value)}
                  onChange={() => onToggle(entry.value)}
                />
                {/* Cut with an ellipsis on a wide screen: the whole value on hover. */}
                <span className="facet-text" title={facetValueLabel(entry.value)}>
                  {facetValueLabel(entry.value)}
                </span>
                {entry.count !== null && <span className="facet-count"> ({grouped(entry.count)})</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      {all && matching.length > listed.length && (
        <p className="facet-more">
          {grouped(listed.length)} of {grouped(matching.length)} shown: type to find others.
        </p>
      )}
      {all && counts?.truncated && !notCounted && (
        <p className="facet-more">The {grouped(values.length)} most frequent values are listed.</p>
      )}
      {all && wanted !== '' && matching.length === 0 && <p className="facet-more">No value matches.</p>}
      {notCounted && values.length === 0 && <p className="facet-more">Not counted in time.</p>}
      {!all && <p className="facet-all">{more && showAll}</p>}
    </fieldset>
  )
}
