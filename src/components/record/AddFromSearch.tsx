import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useCatalogueClient } from '../../api/client-context'
import type { ApiRecord, Filters } from '../../catalogue'
import { titleCase } from '../../lib/format'
import { TYPING_DEBOUNCE_MS } from '../list/use-filter-draft'
import type { RecordConfig } from './record-config'

const SHOWN = 8

/**
 * "Add a location": finds records by name through the list's `name` filter (the service's own search) and adds
 * the one chosen to the comparison.
 */
export function AddByName<R extends ApiRecord, F extends string>({
  config,
  present,
  onAdd,
}: {
  config: RecordConfig<R, F>
  /** Ids already compared: offered no more. */
  present: ReadonlySet<number>
  onAdd: (id: number) => void
}) {
  const { collection, queries } = config
  const { singular, plural } = collection.labels
  const client = useCatalogueClient()
  const fieldId = useId()
  const article = /^[aeiou]/i.test(singular) ? 'an' : 'a'
  const [text, setText] = useState('')
  const [asked, setAsked] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text.trim()), TYPING_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const nameFilter = collection.filters.find((filter) => filter === 'name')
  const filters: Filters<F> = {}
  if (nameFilter) filters[nameFilter] = asked
  const query = useQuery({
    ...queries.list(client, filters, 1),
    enabled: asked !== '' && nameFilter !== undefined,
  })
  const found = (query.data?.results ?? []).filter((record) => !present.has(record.id)).slice(0, SHOWN)
  if (!nameFilter) return null

  return (
    <section className="compare-add" aria-labelledby={`${fieldId}-heading`}>
      <h2 id={`${fieldId}-heading`}>
        Add {article} {singular}
      </h2>
      <label htmlFor={fieldId}>
        Find {article} {singular} by name
      </label>
      <input
        id={fieldId}
        type="search"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p className="compare-add-status" role="status">
        {/* The list keeps the last name's answer while the new one loads: it says nothing of the new name. */}
        {asked === '' || query.isPending || query.isPlaceholderData
          ? ''
          : query.isError
            ? `The ${plural} could not be searched.`
            : found.length === 0
              ? `No other ${plural} match “${asked}”.`
              : `${found.length} ${found.length === 1 ? singular : plural} to add`}
      </p>
      {asked !== '' && found.length > 0 && (
        <ul className="compare-add-results" aria-label={`${titleCase(plural)} to add`}>
          {found.map((record) => (
            <li key={record.id}>
              <button type="button" className="button button-secondary" onClick={() => onAdd(record.id)}>
                Add {record.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
