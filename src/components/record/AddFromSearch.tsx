import { useId, useState } from 'react'
import { useCatalogueClient, useConnection } from '../../api/connection-in-use'
import { useServiceSearch } from '../../api/use-service-search'
import type { ApiRecord } from '../../catalogue'
import { describeIndexState, describeProgress } from '../../catalogue-index/components/describe'
import { IndexSizeQuestion } from '../../catalogue-index/components/IndexSizeQuestion'
import { describeSearchSource } from '../../catalogue-index/components/search-source'
import { indexSupported } from '../../catalogue-index/hooks/index-support'
import { useCatalogueSearch } from '../../catalogue-index/hooks/use-catalogue-search'
import { titleCase } from '../../lib/wording'
import type { RecordConfig } from './record-config'

/**
 * "Add a location": the catalogue's search (the palette's: the whole index when it is built, so accents, case
 * and typos do not matter; before that, the list's `name` filter on the service) of this one collection, and
 * a button per record found that adds it to the comparison. Before the index, it says (in the palette's
 * words) that accents must match, and offers to build the index; while the index's search is prepared, a
 * search that found nothing on the service says it is loading, not that nothing matches.
 */
export function AddFromSearch<R extends ApiRecord, F extends string>({
  config,
  present,
  onAdd,
}: {
  config: RecordConfig<R, F>
  /** Ids already compared: offered no more. */
  present: ReadonlySet<number>
  onAdd: (id: number) => void
}) {
  const { collection } = config
  const { singular, plural } = collection.labels
  const { connection, config: explorerConfig } = useConnection()
  const client = useCatalogueClient()
  const searchesCatalogue = useServiceSearch(client, explorerConfig)
  const fieldId = useId()
  const article = /^[aeiou]/i.test(singular) ? 'an' : 'a'
  const [text, setText] = useState('')
  const asked = text.trim()
  // Nothing is asked, and the index's worker is not started, until there is something to look for.
  const { search, index } = useCatalogueSearch(
    asked === '' ? null : connection,
    client,
    text,
    collection.name,
    searchesCatalogue,
  )
  // The results shown stay while the next ones are on their way: they say nothing of the text typed since.
  const answered = asked !== '' && !search.pending && search.query === text
  const found = (search.answer?.groups[0]?.hits ?? []).filter(
    (hit) => hit.recordId !== undefined && !present.has(hit.recordId),
  )
  const onService = asked !== '' && search.source === 'service'
  const building = index.status?.building || index.progress !== null

  return (
    <section className="compare-add" aria-labelledby={`${fieldId}-heading`}>
      <h2 id={`${fieldId}-heading`}>
        Add {article} {singular}
      </h2>
      <label htmlFor={fieldId}>Search {plural} to add</label>
      <input
        id={fieldId}
        type="search"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {onService && (
        <p className="compare-add-source">
          {describeSearchSource('service', false)}{' '}
          {building ? (
            `Building the catalogue index: ${index.progress ? describeProgress(index.progress) : 'starting'}.`
          ) : index.status && indexSupported() ? (
            <button type="button" className="button button-secondary" onClick={() => index.build('build')}>
              {describeIndexState(index.status).action}
            </button>
          ) : null}
        </p>
      )}
      {onService && index.asking !== null && !building && (
        <IndexSizeQuestion
          bytes={index.asking}
          onBuild={() => index.build('build', true)}
          onDismiss={index.dismiss}
        />
      )}
      <p className="compare-add-status" role="status">
        {!answered
          ? ''
          : search.failed
            ? `The ${plural} could not be searched.`
            : found.length > 0
              ? `${found.length} ${found.length === 1 ? singular : plural} to add`
              : search.source === 'preparing' || search.source === 'names'
                ? 'Loading the search of the whole catalogue…'
                : search.source === 'service'
                  ? `No other ${singular} names contain “${asked}” as written.`
                  : `No other ${plural} match “${asked}”.`}
      </p>
      {asked !== '' && found.length > 0 && (
        <ul className="compare-add-results" aria-label={`${titleCase(plural)} to add`}>
          {found.map((hit) => (
            <li key={hit.key}>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => hit.recordId !== undefined && onAdd(hit.recordId)}
              >
                Add {hit.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
