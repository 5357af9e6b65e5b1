import { useMemo } from 'react'
import type { ApiRecord, Column, Filters } from '../../catalogue'
import { type DataViewUrlState, needsIndex } from '../../catalogue/views/parameters'
import { type DataViewPage, listViewOf } from '../../catalogue/views/view'
import { indexWorker } from '../client/index-client'
import { indexQueryKeys } from './index-query-keys'
import { type IndexAnswer, useIndexAnswer } from './use-index-answer'

type RangedColumn = Pick<Column<never>, 'field' | 'kind' | 'range'>

/** A list's view as the index answers it, with the index's state (to say what it needs, and to build it). */
export type ListViewAnswer<R extends ApiRecord = ApiRecord> = IndexAnswer<DataViewPage<R>>

/**
 * One page of a view of a list (sort, facets, ranges, the service's filters) and its facets' counts, answered
 * by the index worker once the index of the connection in use is complete; asked again when the index changes.
 */
export function useListView<R extends ApiRecord>(
  collection: {
    name: string
    columns: readonly RangedColumn[]
    record: { safeParse(value: unknown): { data?: R } }
  },
  filters: Filters<string>,
  state: DataViewUrlState,
  page: number,
): ListViewAnswer<R> {
  const view = useMemo(
    () => listViewOf(filters, state, collection.columns),
    [filters, state, collection.columns],
  )
  return useIndexAnswer({
    key: (baseUrl, updatedAt) => indexQueryKeys.view(baseUrl, updatedAt, collection.name, view, page),
    ask: async (connection) => {
      const answer = await indexWorker().view(connection, collection.name, view, page)
      if (answer === null) return null
      // The rows as the list reads a service's: a record the index holds but the schema cannot read is left out.
      const results = answer.results.flatMap((record) => {
        const data = collection.record.safeParse(record).data
        return data === undefined ? [] : [data]
      })
      return { ...answer, results }
    },
    keepPrevious: true,
    // A view only the index answers waits for it; the service's pages only gain the facets' counts.
    urgent: needsIndex(state),
  })
}
