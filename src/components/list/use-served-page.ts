import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { CatalogueClient } from '../../api/client'
import type { ApiRecord, CollectionView, Filters, ListPage } from '../../catalogue'
import { type DataViewUrlState, needsIndex } from '../../catalogue/views/parameters'
import type { ListSource } from '../../lib/answerer'
import type { CollectionQueries } from '../../lib/page/collection-queries'
import { serviceViewQuery } from './service-view'

/**
 * Once a page of the service is on screen (`served`: not a placeholder): its rows seed the records' cache, and
 * the next page is fetched ahead, from the source that answered it. A plain page of a service's view is also the
 * specification's page, which the list reads once the index is ready (`listSourceOf`): seeded, it is not asked
 * again then.
 */
export function useServedPage<R extends ApiRecord, F extends string>(page: {
  collection: CollectionView<R, F>
  queries: CollectionQueries<R, F>
  client: CatalogueClient
  filters: Filters<F>
  view: DataViewUrlState
  page: number
  source: ListSource
  served: ListPage<R> | undefined
}): void {
  const { collection, queries, client, filters, view, source, served } = page
  const at = page.page
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!served) return
    queries.seedDetails(queryClient, client, served.results)
    const plainView = source === 'views' && !needsIndex(view)
    if (plainView) queries.seedList(queryClient, client, filters, at, served)
    if (at >= served.info.pages) return
    const next = at + 1
    if (source !== 'views') {
      void queryClient.prefetchQuery(queries.list(client, filters, next))
      return
    }
    const ahead = serviceViewQuery(collection, queries, client, filters, view, next)
    void queryClient.prefetchQuery(ahead).then(() => {
      const fetched = queryClient.getQueryData(ahead.queryKey)
      if (plainView && fetched) queries.seedList(queryClient, client, filters, next, fetched)
    })
  }, [served, at, queries, queryClient, client, filters, source, collection, view])
}
