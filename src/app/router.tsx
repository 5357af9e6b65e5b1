import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject, replace } from 'react-router-dom'
import type { ConnectionStore } from '../api/connection-in-use'
import { type ApiRecord, type CollectionName, type CollectionView, episodes, locations } from '../catalogue'
import { Layout } from '../components/layout/Layout'
import type { ApiReferenceData } from '../features/api-reference/ApiReferencePage'
import { episodeQueries } from '../features/episodes/queries'
import { locationQueries } from '../features/locations/queries'
import type { CollectionQueries } from '../lib/page/collection-queries'
import { pageCodeHandle, routeModule } from '../lib/page/route-module'
import { COLLECTION_ROUTES, type CollectionRoute, HOME_PATH } from './collection-routes'
import { RequireConnection } from './connection/RequireConnection'
import { NotFoundPage } from './NotFoundPage'
import { RouteError } from './RouteError'
import { characterPagesLoader } from './routes/characters-loader'
import { listLoader, listShouldRevalidate } from './routes/list-loader'
import { recordLoader } from './routes/record-loader'
import { requireClient } from './routes/require-client'

export type RouterDeps = { queryClient: QueryClient; connections: ConnectionStore }

// Every page's code is its own chunk, fetched with the page's data when first visited. Loaders, query
// options, client and schemas are in the entry chunk, so the data request starts with the navigation.
const settingsPage = routeModule(() => import('./settings/SettingsPage'))
// Not fetched ahead on idle: its charts are the largest chunk (see docs/benchmarks.md), and few visits open it.
const insightsPage = routeModule(() => import('../features/insights/InsightsPage'), { ahead: false })
const charactersPage = routeModule(() => import('../features/characters/CharactersPage'))
const characterPage = routeModule(() => import('../features/characters/CharacterPage'))
// Rendered first by the service too, when it answers characters (contract §13): a character, the insights.
const CHARACTER_SOURCE = 'src/features/characters/CharacterPage.tsx'
const INSIGHTS_SOURCE = 'src/features/insights/InsightsPage.tsx'
const searchListPage = routeModule(() => import('../features/search/SearchListPage'))
const apiReferencePage = routeModule(() => import('../features/api-reference/ApiReferencePage'), {
  ahead: false,
})

/**
 * A collection's two routes: its list (`/locations`) and its records (`/locations/7`, `/locations/1,5,9`),
 * both rendered first by the service. The query options are the feature's own (`queries.ts`), so the loader
 * fills the very cache entries the page reads.
 */
function collectionRoutes<R extends ApiRecord, F extends string>(
  collection: CollectionView<R, F>,
  queries: CollectionQueries<R, F>,
  deps: RouterDeps,
): RouteObject[] {
  const pages = pagesOf(collection.name)
  // A list's page and its records' lead to each other: their code is fetched as soon as the first page is idle.
  const list = routeModule(pages.list.load, { ahead: 'idle' })
  const record = routeModule(pages.record.load, { ahead: 'idle' })
  const path = collection.appPath.slice(1)
  return [
    {
      path,
      loader: listLoader({ collection, queries, page: list, ...deps }),
      shouldRevalidate: listShouldRevalidate({ collection, ...deps }),
      lazy: list.lazy,
      handle: { ...firstViewRoute(pages.list.source), ...pageCodeHandle(list) },
    },
    {
      path: `${path}/:ids`,
      loader: recordLoader({ collection, queries, page: record, ...deps }),
      lazy: record.lazy,
      handle: { ...firstViewRoute(pages.record.source), ...pageCodeHandle(record) },
    },
  ]
}

/**
 * The handle of a route whose first view the service renders (`matchesFirstView`, src/entry-server.tsx): its
 * loaders ask only what the service can answer in process. Rendering another page first is this flag. It
 * names the source of the route's page code, which the rendered page preloads (`firstViewModules`).
 */
export const firstViewRoute = (module: string) => ({ firstView: true, module }) as const

/** Whether a route's handle marks it as rendered first by the service. */
export const rendersFirstView = (handle: unknown): boolean =>
  typeof handle === 'object' && handle !== null && 'firstView' in handle && handle.firstView === true

/** The source of the page code a first-view route's handle names; null for any other handle. */
export const firstViewModuleOf = (handle: unknown): string | null =>
  rendersFirstView(handle) &&
  typeof handle === 'object' &&
  handle !== null &&
  'module' in handle &&
  typeof handle.module === 'string'
    ? handle.module
    : null

function pagesOf(name: string): CollectionRoute {
  const found = COLLECTION_ROUTES.find((route) => route.collection.name === name)
  if (!found) throw new Error(`The collection "${name}" has no pages in src/features/${name}/.`)
  return found
}

/**
 * Each collection's routes, built with its own record and filter types (a function generic in both cannot
 * take the union of all collections at once). The type checker refuses this object when a collection of the
 * catalogue is missing from it: a new collection adds its one line here.
 */
function routesByCollection(deps: RouterDeps) {
  return {
    locations: () => collectionRoutes(locations, locationQueries, deps),
    episodes: () => collectionRoutes(episodes, episodeQueries, deps),
  } satisfies Record<CollectionName, () => RouteObject[]>
}

/** `/`, whose loader always redirects: a route that matches must have something to render. */
function RedirectsHome() {
  return null
}

/** While the first address's loader and code are on their way: the header, and "Loading…" below it. */
function FirstPageLoading() {
  return <Layout loading />
}

export function appRoutes(deps: RouterDeps): RouteObject[] {
  const byCollection = routesByCollection(deps)
  return [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      HydrateFallback: FirstPageLoading,
      children: [
        { index: true, loader: () => replace(HOME_PATH), Component: RedirectsHome },
        {
          Component: RequireConnection,
          children: [
            ...COLLECTION_ROUTES.flatMap((route) => byCollection[route.collection.name]()),
            {
              path: 'insights',
              loader: characterPagesLoader({ ...deps, page: insightsPage, shows: 'insights' }),
              lazy: insightsPage.lazy,
              handle: { ...firstViewRoute(INSIGHTS_SOURCE), ...pageCodeHandle(insightsPage) },
            },
            {
              path: 'search',
              loader: async ({ request }) => {
                await requireClient(deps.connections, request)
                await searchListPage.prepare()
                return null
              },
              lazy: searchListPage.lazy,
              handle: pageCodeHandle(searchListPage),
            },
            {
              path: 'characters',
              loader: characterPagesLoader({ ...deps, page: charactersPage, shows: 'list' }),
              lazy: charactersPage.lazy,
              handle: pageCodeHandle(charactersPage),
            },
            {
              path: 'characters/:ids',
              loader: characterPagesLoader({ ...deps, page: characterPage, shows: 'ids' }),
              lazy: characterPage.lazy,
              handle: { ...firstViewRoute(CHARACTER_SOURCE), ...pageCodeHandle(characterPage) },
            },
          ],
        },
        {
          // Public: the service's OpenAPI document needs no key; its "Try it" uses the key in use, if any.
          path: 'api',
          loader: async (): Promise<ApiReferenceData> => {
            await apiReferencePage.prepare()
            return { baseUrl: deps.connections.saved()?.baseUrl ?? '' }
          },
          lazy: apiReferencePage.lazy,
          handle: pageCodeHandle(apiReferencePage),
        },
        {
          path: 'settings',
          loader: async () => {
            await settingsPage.prepare()
            return null
          },
          lazy: settingsPage.lazy,
          handle: pageCodeHandle(settingsPage),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ]
}

export function createAppRouter(deps: RouterDeps) {
  return createBrowserRouter(appRoutes(deps))
}
