import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useNavigate, useRevalidator } from 'react-router-dom'
import { useCatalogueClient } from '../../api/connection-in-use'
import {
  type ApiRecord,
  appliedFilterValues,
  type CollectionView,
  type Filters,
  type ListPage,
  listRequestPath,
} from '../../catalogue'
import { type DataViewUrlState, needsIndex } from '../../catalogue/views/parameters'
import type { FacetCounts } from '../../catalogue/views/view'
import { listViewOf } from '../../catalogue/views/view'
import { type ListViewAnswer, useListView } from '../../catalogue-index/hooks/use-list-view'
import type { ExportedView } from '../../catalogue-index/protocol/worker-api'
import type { CollectionQueries } from '../../lib/collection-queries'
import { type ListUrlState, listSearch } from '../../lib/list-url'

/**
 * Who answers a list's address: the service (the specification's filters and pages), or the catalogue index
 * (a view with a sort, facet values or ranges, which only it can answer).
 */
export type ListSource = 'service' | 'index'

/** A source's answer to the address, in the one shape the list page reads. */
type SourceAnswer<R extends ApiRecord> = {
  /** The page on screen: its rows, count and pages; undefined before the first answer. */
  page: ListPage<R> | undefined
  /** The page on screen is the previous question's: another page, other filters or another view is on its way. */
  previous: boolean
  /** A request is on its way. */
  fetching: boolean
  /** Why the address was not answered; null: it was, or its answer is on its way. */
  error: unknown
  /** Why an attempt failed that is being made again by itself (a rate limit's wait); null: none. */
  failureReason: unknown
}

/** What the index needs to answer a view: whether this browser can keep it, its state, and its build. */
export type IndexWaiting = Pick<ListViewAnswer, 'supported' | 'status' | 'progress' | 'build'>

/** The rows of a list, whichever source answers them, and what the page shows around them. */
export interface ListAnswer<R extends ApiRecord, F extends string> extends SourceAnswer<R> {
  source: ListSource
  /** The filters that apply, as asked (an export asks for the same). */
  filters: Filters<F>
  /** The view needs the index, which is not complete (or cannot be kept here): what it needs; else null. */
  waiting: IndexWaiting | null
  /** Asks the source again: the route's loader runs again, and corrects the address if the answer says so. */
  retry(): void
  /** The facets' counts under the view (null while nothing counts them: the index is not complete). */
  facets: { counts: readonly FacetCounts[] | null; countedAt: number | null }
  /** The catalogue's own count of the collection, whatever the filters. */
  total: number | undefined
  /** The API requests the rows stand for, for the page's "API" disclosure. */
  requests: string[]
  /** What an export of the list writes beyond its filters: the view as shown (null: the plain list). */
  exported: ExportedView | null
}

/** Which source answers a view: the index for a sort, facet values or ranges; the service otherwise. */
export function sourceOf(view: DataViewUrlState): ListSource {
  return needsIndex(view) ? 'index' : 'service'
}

/**
 * The one thing a list page asks: the rows its address shows, from the source that answers it (`sourceOf`),
 * in one shape for loading, the previous page kept while the next is on its way, failures and Retry. Each
 * source is asked through its own hook (hooks are not called conditionally), only the answering one with the
 * address's page; the index also counts the facets of every view once it is complete.
 */
export function useListSource<R extends ApiRecord, F extends string>(
  config: { collection: CollectionView<R, F>; queries: CollectionQueries<R, F> },
  asked: Required<ListUrlState<F>>,
): ListAnswer<R, F> {
  const { collection, queries } = config
  const { page, view } = asked
  const filters = useMemo(
    () => appliedFilterValues(collection.filters, asked.filters),
    [collection.filters, asked.filters],
  )
  const source = sourceOf(view)
  const client = useCatalogueClient()
  const queryClient = useQueryClient()
  const revalidator = useRevalidator()
  const navigate = useNavigate()

  const service = useQuery({ ...queries.list(client, filters, page), enabled: source === 'service' })
  const index = useListView(collection, filters, view, source === 'index' ? page : 1)
  // The catalogue's own count: the same query as the list's when nothing is filtered.
  const total = useQuery(queries.list(client, {}, 1)).data?.info.count

  // Once a page of the service is shown: its rows seed the detail cache, and the next page is fetched ahead.
  const served = source === 'service' && !service.isPlaceholderData ? service.data : undefined
  useEffect(() => {
    if (!served) return
    queries.seedDetails(queryClient, client, served.results)
    if (page < served.info.pages) void queryClient.prefetchQuery(queries.list(client, filters, page + 1))
  }, [served, page, queries, queryClient, client, filters])
  // A page of an indexed view beyond its last goes to the last, as the service's pages do (list-loader.ts).
  const indexedPages = source === 'index' && index.data && !index.previous ? index.data.info.pages : 0
  useEffect(() => {
    if (indexedPages > 0 && page > indexedPages)
      navigate(listSearch({ ...asked, page: indexedPages }, collection) || '?', { replace: true })
  }, [indexedPages, page, asked, collection, navigate])

  const answers: Record<ListSource, SourceAnswer<R>> = {
    service: {
      page: service.data,
      previous: service.isPlaceholderData,
      fetching: service.isFetching,
      error: service.error,
      failureReason: service.isFetching ? service.failureReason : null,
    },
    index: {
      page: index.data,
      previous: index.previous,
      fetching: index.fetching,
      error: index.error,
      failureReason: null,
    },
  }
  const answer = answers[source]
  return {
    ...answer,
    source,
    filters,
    fetching: answer.fetching || revalidator.state === 'loading',
    waiting: source === 'index' && !index.complete ? index : null,
    retry: () => void revalidator.revalidate(),
    facets: {
      counts: index.complete ? (index.data?.facets ?? null) : null,
      countedAt: index.status?.updatedAt ?? null,
    },
    total,
    requests: [listRequestPath(collection, filters, page)],
    exported:
      source === 'index' || view.columns
        ? { view: listViewOf(filters, view, collection.columns), columns: view.columns }
        : null,
  }
}
