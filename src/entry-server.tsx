import {
  type DehydratedState,
  defaultShouldDehydrateQuery,
  dehydrate,
  type Query,
  QueryClient,
} from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom'
import { type Connection, createClient } from './api/client'
import { isLastingFailure } from './api/errors'
import { createRequestLog } from './api/request-log'
import { AppProviders } from './app/App'
import { fixedConnectionStore } from './app/connection/fixed-connection'
import { appRoutes, firstViewModuleOf, rendersFirstView } from './app/router'
import {
  type FirstView,
  type FirstViewEntry,
  type FirstViewSource,
  localeFromAcceptLanguage,
  type RequestRecord,
} from './catalogue'
import { setReaderLocale } from './lib/format'

/**
 * Renders the first view of a navigation with the explorer's own route tree, loaders and query options, to a
 * string (no streaming: React's streaming writes inline scripts, which the CSP forbids). Every request the
 * loaders start is answered before the render, so the HTML holds the rows or the record. The state comes
 * back apart from the HTML, for JSON script elements; it holds answers of the API, never the key (the query
 * keys hold the service's address: '' for this site's own).
 */
export const renderFirstView: FirstViewEntry['renderFirstView'] = async (
  request: Request,
  source: FirstViewSource,
): Promise<FirstView> => {
  const queryClient = new QueryClient({
    // One render, one answer: a failure is left to the browser, which asks again.
    defaultOptions: { queries: { retry: false } },
  })
  const connection: Connection = { baseUrl: '', apiKey: source?.demoKey ?? FRAME_KEY }
  const requests = createRequestLog()
  const client = createClient(connection, source?.fetch ?? noData, requests)
  const views = source?.views === true
  const characters = source?.characters === true
  // The insights' facets come with views (contract §13).
  const config = { demoKey: connection.apiKey, views, characters, insights: views }
  const connections = fixedConnectionStore(config, connection, client)
  const routes = appRoutes({ queryClient, connections })
  const handler = createStaticHandler(routes)

  const context = await handler.query(request)
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' }
  }
  await answered(queryClient)
  // What failed for a while only (and, in a frame, everything) renders loading, as in the browser before an
  // answer: the browser's cache starts without it, and its page asks for it.
  const passing = queryClient.getQueryCache().findAll({ predicate: (query) => !isRendered(query) })
  queryClient.removeQueries({ predicate: (query) => !isRendered(query) })

  const router = createStaticRouter(handler.dataRoutes, context)
  const locale = localeFromAcceptLanguage(request.headers.get('accept-language'))
  // The render is synchronous: no other render runs between setting the locale and writing the string.
  setReaderLocale(locale)
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient} connections={connections}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  )
  const { loaderData, actionData, errors } = context
  return {
    kind: 'page',
    status: context.statusCode,
    html,
    state: {
      router: { loaderData, actionData, errors },
      queries: { ...withoutTimes(dehydrate(queryClient, { shouldDehydrateQuery: isRendered })) },
      requests: requests
        .entries()
        .filter(({ status }) => status !== null && RENDERED_STATUSES.test(String(status)))
        .map(plainRequest)
        .sort(byAddress),
      locale,
      frame: source === null,
      // What the service said of its views and characters (a frame was rendered with no service).
      ...(source === null ? {} : { views, characters }),
    },
    // A view whose facets were not counted in time is rendered, but not kept: the next visit counts again.
    complete:
      source !== null && passing.length === 0 && !queryClient.getQueryCache().findAll().some(uncounted),
  }
}

/**
 * Whether a query's answer holds a facet the service could not count in time (contract §12), or a chart of
 * the insights (`uncounted`, contract §13).
 */
const uncounted = (query: Query) => {
  const data: unknown = query.state.data
  if (typeof data !== 'object' || data === null) return false
  if ('uncounted' in data && data.uncounted === true) return true
  if (!('facets' in data) || !Array.isArray(data.facets)) return false
  return data.facets.some((facet: { counted?: boolean }) => facet.counted === false)
}

/**
 * The state without the render's clock: when each query was answered and dehydrated. Those times say when this
 * render ran, not what the data is, and would change the page's bytes (and ETag) at every render, on every
 * replica, for the same data. The browser's queries never go stale (`staleTime: Infinity`), so the time an
 * answer arrived is never read there.
 */
function withoutTimes(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })),
  }
}

/**
 * A request of the log in the contract's plain fields, as the state carries it. How long the service took to
 * answer itself is left out (0): it would change the page's bytes at every render, and is no reader's concern.
 */
const plainRequest = ({ path, base, status, size, body }: RequestRecord): RequestRecord => ({
  path,
  base,
  status,
  durationMs: 0,
  size,
  body,
})

/**
 * The log holds requests in the order their answers came, which on a busy service differs from one render to
 * the next (a later page asks for the first page too): the state lists them by address, so its bytes do not.
 */
const byAddress = (a: RequestRecord, b: RequestRecord) => {
  const [one, other] = [a.base + a.path, b.base + b.path]
  return one < other ? -1 : one > other ? 1 : 0
}

/** An answer, or a failure that answers the address itself (a record that does not exist): rendered as it is. */
const isRendered = (query: Query) =>
  defaultShouldDehydrateQuery(query) ||
  (query.state.status === 'error' && isLastingFailure(query.state.error))

/** The answers a rendered view shows (answers, a record not found, a request refused): see isRendered. */
const RENDERED_STATUSES = /^(2\d\d|400|404)$/

/** The frame's connection: its key is never sent (nothing is fetched) and never written (it is no key). */
const FRAME_KEY = 'frame'

/** The frame's `fetch`: it has no data, so every loader's request fails at once and renders loading. */
const noData: typeof fetch = () => Promise.reject(new Error('The first view’s frame has no data.'))

/**
 * Waits for every request the loaders started: a list's first page renders at once in the browser (its
 * loader does not wait), but the service's HTML must hold its rows.
 */
async function answered(queryClient: QueryClient): Promise<void> {
  const fetching = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' })
  await Promise.allSettled(fetching.map((query) => query.fetch()))
}

/** The frame's connection, for matching addresses: nothing is asked with it. */
const FRAME: Connection = { baseUrl: '', apiKey: FRAME_KEY }

/** The app's route tree, for matching addresses only: its loaders never run (see matchesFirstView). */
let matchingRoutes: ReturnType<typeof appRoutes> | null = null

/**
 * Whether the service renders an address's first view: the route the app's tree matches it to (as the
 * browser's router would) is marked `handle: { firstView: true }`. The service keeps no route list of its own.
 */
export const matchesFirstView: FirstViewEntry['matchesFirstView'] = (url) =>
  rendersFirstView(deepestMatch(url)?.route.handle)

/** The source of the page code an address's first view needs (its route's handle names it); none otherwise. */
export const firstViewModules: FirstViewEntry['firstViewModules'] = (url) => {
  const module = firstViewModuleOf(deepestMatch(url)?.route.handle)
  return module === null ? [] : [module]
}

function deepestMatch(url: string) {
  matchingRoutes ??= appRoutes({
    queryClient: new QueryClient(),
    connections: fixedConnectionStore({ demoKey: null }, FRAME, createClient(FRAME, noData)),
  })
  return matchRoutes(matchingRoutes, url)?.at(-1)
}
