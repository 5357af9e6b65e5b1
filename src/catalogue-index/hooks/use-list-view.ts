import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useContext, useMemo } from 'react'
import type { ApiRecord, Column, Filters } from '../../catalogue'
import { boundOf, type DataViewUrlState } from '../../lib/data-view-url'
import { indexWorker, plainConnection } from '../client/index-client'
import type { DataViewPage, ListView } from '../protocol/data-view'
import { IndexConnectionContext, useIndexSupported } from './index-connection'
import { indexQueryKeys } from './index-query-keys'
import { type IndexState, useIndexStatus } from './use-index-status'

type RangedColumn = Pick<Column<never>, 'field' | 'kind' | 'range'>

/** The view the worker answers: the service's filters, facet values, and ranges read as numbers. */
export function listViewOf(
  filters: Filters<string>,
  state: DataViewUrlState,
  columns: readonly RangedColumn[],
): ListView {
  const ranges: Record<string, { from: number | null; to: number | null }> = {}
  for (const column of columns) {
    const text = state.ranges[column.field]
    if (!column.range || !text) continue
    const from = text.from === '' ? null : boundOf(column, text.from, 'from')
    const to = text.to === '' ? null : boundOf(column, text.to, 'to')
    if (from !== null || to !== null) ranges[column.field] = { from, to }
  }
  return { filters: { ...filters }, facets: state.facets, ranges, sort: state.sort }
}

/** A list's view as the index answers it, with the index's state (to say what it needs, and to build it). */
export interface ListViewAnswer<R extends ApiRecord = ApiRecord>
  extends Pick<IndexState, 'status' | 'progress' | 'build'> {
  /** This browser can keep the index (Web Workers and IndexedDB). */
  supported: boolean
  /** The index is complete: the view is answered from it. */
  complete: boolean
  /** The page of the view, or the previous view's page while the next is counted (`previous`). */
  page: DataViewPage<R> | undefined
  previous: boolean
  fetching: boolean
  error: unknown
}

class IndexIncomplete extends Error {
  constructor() {
    super('The catalogue index is not complete.')
  }
}

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
  const connection = useContext(IndexConnectionContext)
  const supported = useIndexSupported() && connection !== null
  const { status, progress, build } = useIndexStatus(
    connection ?? { baseUrl: '', apiKey: '' },
    false,
    supported,
  )
  const complete = supported && status?.complete === true
  const view = useMemo(
    () => listViewOf(filters, state, collection.columns),
    [filters, state, collection.columns],
  )
  const query = useQuery({
    queryKey: indexQueryKeys.view(
      connection?.baseUrl ?? '',
      status?.updatedAt ?? null,
      collection.name,
      view,
      page,
    ),
    queryFn: async () => {
      if (!connection) throw new IndexIncomplete()
      const answer = await indexWorker().view(plainConnection(connection), collection.name, view, page)
      if (answer === null) throw new IndexIncomplete()
      // The rows as the list reads a service's: a record the index holds but the schema cannot read is left out.
      const results = answer.results.flatMap((record) => {
        const data = collection.record.safeParse(record).data
        return data === undefined ? [] : [data]
      })
      return { ...answer, results }
    },
    enabled: complete,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  return {
    supported,
    status,
    progress,
    build,
    complete: complete && !(query.error instanceof IndexIncomplete),
    page: complete ? query.data : undefined,
    previous: query.isPlaceholderData,
    fetching: query.isFetching,
    error: query.error instanceof IndexIncomplete ? null : query.error,
  }
}
