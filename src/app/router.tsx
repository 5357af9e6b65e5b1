import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject, replace } from 'react-router-dom'
import { Layout } from '../components/layout/Layout'
import { episodeQueries } from '../features/episodes/queries'
import { locationQueries } from '../features/locations/queries'
import { routeModule } from '../lib/route-module'
import type { ConnectionStore } from './connection/connection-store'
import { RequireConnection } from './connection/RequireConnection'
import { NotFoundPage } from './NotFoundPage'
import { RouteError } from './RouteError'
import { listLoader } from './routes/list-loader'
import { recordLoader } from './routes/record-loader'

// Every page's code is its own chunk, fetched with the page's data when first visited. Loaders, query
// options, client and schemas are in the entry chunk, so the data request starts with the navigation.
const pages = {
  locationsList: routeModule(() => import('../features/locations/LocationsListRoute')),
  locationRecord: routeModule(() => import('../features/locations/LocationRecordRoute')),
  episodesList: routeModule(() => import('../features/episodes/EpisodesListRoute')),
  episodeRecord: routeModule(() => import('../features/episodes/EpisodeRecordRoute')),
  settings: routeModule(() => import('./settings/SettingsPage')),
}

/** While the first address's loader and code are on their way: the header, and "Loading…" below it. */
function FirstPageLoading() {
  return <Layout loading />
}

export type RouterDeps = { queryClient: QueryClient; connections: ConnectionStore }

export function appRoutes({ queryClient, connections }: RouterDeps): RouteObject[] {
  const deps = { queryClient, connections }
  return [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      HydrateFallback: FirstPageLoading,
      children: [
        { index: true, loader: () => replace('/locations') },
        {
          Component: RequireConnection,
          children: [
            {
              path: 'locations',
              loader: listLoader({
                collection: 'locations',
                queries: locationQueries,
                page: pages.locationsList,
                ...deps,
              }),
              lazy: pages.locationsList.lazy,
            },
            {
              path: 'locations/:ids',
              loader: recordLoader({
                collection: 'locations',
                queries: locationQueries,
                page: pages.locationRecord,
                ...deps,
              }),
              lazy: pages.locationRecord.lazy,
            },
            {
              path: 'episodes',
              loader: listLoader({
                collection: 'episodes',
                queries: episodeQueries,
                page: pages.episodesList,
                ...deps,
              }),
              lazy: pages.episodesList.lazy,
            },
            {
              path: 'episodes/:ids',
              loader: recordLoader({
                collection: 'episodes',
                queries: episodeQueries,
                page: pages.episodeRecord,
                ...deps,
              }),
              lazy: pages.episodeRecord.lazy,
            },
          ],
        },
        {
          path: 'settings',
          loader: async () => {
            await pages.settings.prepare()
            return null
          },
          lazy: pages.settings.lazy,
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ]
}

export function createAppRouter(deps: RouterDeps) {
  return createBrowserRouter(appRoutes(deps))
}
