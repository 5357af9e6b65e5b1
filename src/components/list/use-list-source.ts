import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useNavigate, useRevalidator } from 'react-router-dom'
import { useCatalogueClient, useConnection } from '../../api/connection-in-use'
import { serviceViews } from '../../api/service-views'
import { learnViewsOf } from '../../api/views-marker'
import { type ApiRecord, appliedFilterValues, type CollectionView, listRequestPath } from '../../catalogue'
import { EMPTY_DATA_VIEW, needsIndex } from '../../catalogue/views/parameters'
import { listViewOf } from '../../catalogue/views/view'
import { useListView } from '../../catalogue-index/hooks/use-list-view'
import { type ListSource, listSourceOf } from '../../lib/answerer'
import { type ListUrlState, listSearch } from '../../lib/list-url'
import type { CollectionQueries } from '../../lib/page/collection-queries'
import type { ListAnswer, SourceAnswer } from './list-answer'
import { serviceViewQuery, viewParameters } from './service-view'
import { useServedPage } from './use-served-page'

/**
 * The one thing a list page asks: the rows its address shows, from the source that answers it (`listSourceOf`),
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
  const source = listSourceOf(view, {
    index: index.complete ? 'ready' : index.stale ? 'stale' : 'incomplete',
    service: viewsAnswered,
  })

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

  const served =
    source === 'service' && !plain.isPlaceholderData
      ? plain.data
      : source === 'views' && !viewed.isPlaceholderData
        ? viewed.data
        : undefined
  useServedPage({ collection, queries, client, filters, view, page, source, served })
  // Another service: whether it answers views is read from its OpenAPI document, after its first page.
  useEffect(() => {
    if (learnt === undefined && maybeClient && (plain.data || viewed.data)) learnViewsOf(maybeClient)
  }, [learnt, maybeClient, plain.data, viewed.data])
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
        ? {
            counts: viewed.data?.facets ?? null,
            status: null,
            by: viewed.data ? 'service' : null,
            recount: () => void viewed.refetch(),
          }
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
