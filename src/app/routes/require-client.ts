import type { QueryClient } from '@tanstack/react-query'
import { replace } from 'react-router-dom'
import type { CatalogueClient } from '../../api/client'
import type { ConnectionStore } from '../../api/connection-in-use'
import type { ApiRecord, CollectionView } from '../../catalogue'
import { settingsPath } from '../../components/states/settings-redirect'
import type { CollectionQueries } from '../../lib/page/collection-queries'
import type { RouteModule } from '../../lib/page/route-module'

/** What a collection's list and record loaders need: the collection, its queries, where to fetch, the page's code. */
export type LoaderDeps<R extends ApiRecord, F extends string> = {
  collection: CollectionView<R, F>
  queries: CollectionQueries<R, F>
  queryClient: QueryClient
  connections: ConnectionStore
  page: RouteModule
}

/** Where a request's URL points inside the app: `/locations?name=x`. */
export function appPathOf(request: Request): string {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

/**
 * The client a loader fetches with. Without a key (and no demo key) the user is sent to the settings in
 * place, and comes back to this address once a key works.
 */
export async function requireClient(
  connections: ConnectionStore,
  request: Request,
): Promise<CatalogueClient> {
  const client = await connections.client()
  if (!client) throw replace(settingsPath(appPathOf(request), false))
  return client
}
