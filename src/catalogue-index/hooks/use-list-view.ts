import type { QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Connection } from '../../api/client'
import type { ApiRecord, Column, Filters } from '../../catalogue'
import { type DataViewUrlState, needsIndex } from '../../catalogue/views/parameters'
import { type DataViewPage, type ListView, listViewOf } from '../../catalogue/views/view'
import { indexWorker } from '../client/index-client'
import { indexCompleteness } from '../client/index-completeness'
import { indexQueryKeys } from './index-query-keys'
import { type IndexAnswer, type IndexQuestion, indexQuery, useIndexAnswer } from './use-index-answer'

type RangedColumn = Pick<Column<never>, 'field' | 'kind' | 'range'>

interface ViewedCollection<R extends ApiRecord> {
  name: string
  columns: readonly RangedColumn[]
  record: { safeParse(value: unknown): { data?: R } }
}

/** A list's view as the index answers it, with the index's state (to say what it needs, and to build it). */
export type ListViewAnswer<R extends ApiRecord = ApiRecord> = IndexAnswer<DataViewPage<R>>

/** One page of a view of a list, as the index worker is asked for it. */
function listViewQuestion<R extends ApiRecord>(
  collection: ViewedCollection<R>,
  view: ListView,
  page: number,
): IndexQuestion<DataViewPage<R>> {
  return {
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
  }
}

/**
 * One page of a view of a list (sort, facets, ranges, the service's filters) and its facets' counts, answered
 * by the index worker once the index of the connection in use is complete; asked again when the index changes.
 */
export function useListView<R extends ApiRecord>(
  collection: ViewedCollection<R>,
  filters: Filters<string>,
  state: DataViewUrlState,
  page: number,
): ListViewAnswer<R> {
  const view = useMemo(
    () => listViewOf(filters, state, collection.columns),
    [filters, state, collection.columns],
  )
  return useIndexAnswer({
    ...listViewQuestion(collection, view, page),
    keepPrevious: true,
    // A view only the index answers waits for it; the service's pages only gain the facets' counts.
    urgent: needsIndex(state),
  })
}

/**
 * Asks the complete index for a view as the list's navigation starts (its loader), in the query the page then
 * reads: the worker answers while the router and React get to the page, which renders its new rows once rather
 * than the previous ones first. Nothing when the index of the connection was not seen complete.
 */
export function prefetchListView<R extends ApiRecord>(
  queryClient: QueryClient,
  connection: Connection,
  collection: ViewedCollection<R>,
  filters: Filters<string>,
  state: DataViewUrlState,
  page: number,
): void {
  const updatedAt = indexCompleteness.updatedAt(connection)
  if (updatedAt === undefined) return
  const view = listViewOf(filters, state, collection.columns)
  void queryClient.prefetchQuery(indexQuery(listViewQuestion(collection, view, page), connection, updatedAt))
}
