import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useNavigate, useRevalidator } from 'react-router-dom'
import { useCatalogueClient, useConnection } from '../../api/connection-in-use'
import { serviceViews } from '../../api/service-views'
import { learnViewsOf } from '../../api/views-marker'
import {
  type ApiRecord,
  appliedFilterValues,
  type CollectionView,
  type Filters,
  type ListPage,
  listRequestPath,
} from '../../catalogue'
import { type DataViewUrlState, EMPTY_DATA_VIEW, needsIndex } from '../../catalogue/views/parameters'
import type { FacetCounts } from '../../catalogue/views/view'
import { listViewOf } from '../../catalogue/views/view'
import { type ListViewAnswer, useListView } from '../../catalogue-index/hooks/use-list-view'
import type { ExportedView, IndexStatus } from '../../catalogue-index/protocol/worker-api'
import { type ListUrlState, listSearch } from '../../lib/list-url'
import type { CollectionQueries } from '../../lib/page/collection-queries'
import { serviceViewQuery, viewParameters } from './service-view'

/**
 * Who answers a list's address: the service (the specification's filters and pages), a service that answers
 * views (contract §12: the page in the view's order and its facets counted, in one request), or the catalogue
 * index (a view with a sort, facet values or ranges, when it is complete or no service answers it).
 */
export type ListSource = 'service' | 'views' | 'index'
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
  /**
   * Asks the source again: the index its worker; otherwise the route's loader runs again, and corrects the
   * address if the answer says so.
   */
  retry(): void
  /**
   * The facets' counts under the view, and who counted them: the service that answers the view, or the
   * index (complete); null while nothing counts them. The index's state says whether counts not here yet are
   * on their way, and the date of the index's counts (null when the service answers the view).
   */
  facets: {
    counts: readonly FacetCounts[] | null
    status: IndexStatus | null
    by: 'service' | 'index' | null
  }
  /** Whether the service in use answers views: the index is then never built unasked for this list. */
  viewsAnswered: boolean
  /** The catalogue's own count of the collection, whatever the filters. */
  total: number | undefined
  /** The API requests the rows stand for, for the page's "API" disclosure. */
  requests: string[]
  /** What an export of the list writes beyond its filters: the view as shown (null: the plain list). */
  exported: ExportedView | null
}

/**
 * Which source answers an address. A view (a sort, facet values, ranges): the index when it is complete (a
 * change then asks nothing), else a service that answers views, else the index (which says what it needs). A
 * plain page: a service that answers views counts its facets with it while the index is not complete;
 * otherwise the specification's page, the complete index counting the facets.
 */
export function sourceOf(
  view: DataViewUrlState,
  known: { viewsAnswered: boolean; indexComplete: boolean },
): ListSource {
  const { viewsAnswered, indexComplete } = known
  if (needsIndex(view)) return indexComplete || !viewsAnswered ? 'index' : 'views'
  return viewsAnswered && !indexComplete ? 'views' : 'service'
}

/**
 * The one thing a list page asks: the rows its address shows, from the source that answers it (`sourceOf`),
 * in one shape for loading, the previous page kept while the next is on its way, failures and Retry. Each
 * source is asked through its own hook (hooks are not called conditionally), only the answering one with the
 * address's page; the index also counts the facets of every view once it is complete. Another service's
 * views are learnt from its OpenAPI document once its first page is shown.
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
  const { client: maybeClient, config: explorerConfig } = useConnection()
  const client = useCatalogueClient()
  const service = client.service
  const learnt = useSyncExternalStore(
    serviceViews.subscribe,
    () => serviceViews.answers(service, explorerConfig),
    () => serviceViews.answers(service, explorerConfig),
  )
  const viewsAnswered = learnt === true
  const queryClient = useQueryClient()
  const revalidator = useRevalidator()
  const navigate = useNavigate()

  // The index is asked (and its status read) whichever source answers; it answers the page only as `index`.
  const wantsIndex = needsIndex(view)
  const index = useListView(collection, filters, view, wantsIndex ? page : 1)
  const source = sourceOf(view, { viewsAnswered, indexComplete: index.complete })

  const plain = useQuery({ ...queries.list(client, filters, page), enabled: source === 'service' })
  const viewed = useQuery({
    ...serviceViewQuery(collection, queries, client, filters, view, page),
    enabled: source === 'views',
  })
  // The catalogue's own count: the same query as the list's when nothing is filtered (on a service that answers
  // views, its unfiltered page with the facets counted).
  const plainTotal = useQuery({ ...queries.list(client, {}, 1), enabled: source !== 'views' })
  const viewTotal = useQuery({
    ...serviceViewQuery(collection, queries, client, {}, EMPTY_DATA_VIEW, 1),
    enabled: source === 'views',
  })
  const total = (source === 'views' ? viewTotal : plainTotal).data?.info.count

  // Once a page of the service is shown: its rows seed the detail cache, and the next page is fetched ahead.
  const served =
    source === 'service' && !plain.isPlaceholderData
      ? plain.data
      : source === 'views' && !viewed.isPlaceholderData
        ? viewed.data
        : undefined
  useEffect(() => {
    if (!served) return
    queries.seedDetails(queryClient, client, served.results)
    // A plain page of a service's view is also the specification's page, which the list reads once the index
    // is complete (`sourceOf`): seeded, it is not asked again then.
    const plainView = source === 'views' && !wantsIndex
    if (plainView) queries.seedList(queryClient, client, filters, page, served)
    if (page < served.info.pages) {
      const next = page + 1
      if (source === 'views') {
        const ahead = serviceViewQuery(collection, queries, client, filters, view, next)
        void queryClient.prefetchQuery(ahead).then(() => {
          const fetched = queryClient.getQueryData(ahead.queryKey)
          if (plainView && fetched) queries.seedList(queryClient, client, filters, next, fetched)
        })
      } else void queryClient.prefetchQuery(queries.list(client, filters, next))
    }
    // Another service: whether it answers views is read from its OpenAPI document, after its first page.
    if (learnt === undefined && maybeClient) learnViewsOf(maybeClient)
  }, [
    served,
    page,
    queries,
    queryClient,
    client,
    maybeClient,
    filters,
    source,
    collection,
    view,
    learnt,
    wantsIndex,
  ])
  // The catalogue's own count, answered with its facets, is the unfiltered page 1 the same way.
  const viewTotalData = viewTotal.data
  useEffect(() => {
    if (viewTotalData) queries.seedList(queryClient, client, {}, 1, viewTotalData)
  }, [viewTotalData, queries, queryClient, client])
  // A page of an indexed view beyond its last goes to the last, as the service's pages do (list-loader.ts).
  const indexedPages = source === 'index' && index.data && !index.previous ? index.data.info.pages : 0
  useEffect(() => {
    if (indexedPages > 0 && page > indexedPages)
      navigate(listSearch({ ...asked, page: indexedPages }, collection) || '?', { replace: true })
  }, [indexedPages, page, asked, collection, navigate])

  const fromQuery = (query: typeof plain | typeof viewed): SourceAnswer<R> => ({
    page: query.data,
    previous: query.isPlaceholderData,
    fetching: query.isFetching,
    error: query.error,
    failureReason: query.isFetching ? query.failureReason : null,
  })
  const answers: Record<ListSource, SourceAnswer<R>> = {
    service: fromQuery(plain),
    views: fromQuery(viewed),
    index: {
      page: index.data,
      previous: index.previous,
      fetching: index.fetching,
      error: index.error,
      failureReason: null,
    },
  }
  const answer = answers[source]
  const parameters = source === 'views' ? viewParameters(collection, view) : ''
  return {
    ...answer,
    source,
    filters,
    fetching: answer.fetching || revalidator.state === 'loading',
    waiting: source === 'index' && !index.complete ? index : null,
    // The index's answers come from its worker, not the loader: its own query asks again.
    retry: source === 'index' ? index.retry : () => void revalidator.revalidate(),
    facets:
      source === 'views'
        ? { counts: viewed.data?.facets ?? null, status: null, by: viewed.data ? 'service' : null }
        : {
            counts: index.complete ? (index.data?.facets ?? null) : null,
            status: index.status,
            by: index.complete ? 'index' : null,
          },
    viewsAnswered,
    total,
    requests: [listRequestPath(collection, filters, page, parameters)],
    exported:
      wantsIndex || view.columns
        ? { view: listViewOf(filters, view, collection.columns), columns: view.columns }
        : null,
  }
}
