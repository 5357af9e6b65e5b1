import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router-dom'
import { type Connection, createClient } from './api/client'
import { createRequestLog } from './api/request-log'
import { AppProviders } from './app/App'
import { fixedConnectionStore } from './app/connection/fixed-connection'
import { appRoutes } from './app/router'
import { setReaderLocale } from './lib/format'
import { localeFromAcceptLanguage } from './lib/locale'

/** Where the first view's data comes from: the service's own API, asked in process, with its demo key. */
export type FirstViewSource = {
  /** Answers a request for a path of the service's API (`/v1/locations/?page=1`), as `fetch` would. */
  fetch: typeof fetch
  demoKey: string
}

/** What the router knew once the first view's loaders ran: what the browser's router starts from. */
export type RouterState = Pick<StaticHandlerContext, 'loaderData' | 'actionData' | 'errors'>

/** The first view: the app's HTML, and the state the browser's router and query cache start from. */
export type FirstView =
  | {
      kind: 'page'
      status: number
      html: string
      router: RouterState
      queries: DehydratedState
      /** The locale its dates and counts are written in (from `Accept-Language`): the browser's first render uses it. */
      locale: string
    }
  /** A loader corrected the address (`/locations?page=0` → `/locations`), or sent the visit elsewhere. */
  | { kind: 'redirect'; status: number; location: string }

/**
 * Renders the first view of a navigation with the explorer's own route tree, loaders and query options, to a
 * string (no streaming: React's streaming writes inline scripts, which the CSP forbids). Every request the
 * loaders start is answered before the render, so the HTML holds the rows or the record. The state comes
 * back apart from the HTML, for JSON script elements; it holds answers of the API, never the key (the query
 * keys hold the service's address: '' for this site's own).
 */
export async function renderFirstView(request: Request, source: FirstViewSource): Promise<FirstView> {
  const queryClient = new QueryClient({
    // One render, one answer: a failure shows as it would in the browser, whose Retry asks again.
    defaultOptions: { queries: { retry: false } },
  })
  const connection: Connection = { baseUrl: '', apiKey: source.demoKey }
  const client = createClient(connection, source.fetch, createRequestLog())
  const connections = fixedConnectionStore({ demoKey: source.demoKey }, connection, client)
  const routes = appRoutes({ queryClient, connections })
  const handler = createStaticHandler(routes)

  const context = await handler.query(request)
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' }
  }
  await answered(queryClient)

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
    router: { loaderData, actionData, errors },
    queries: dehydrate(queryClient),
    locale,
  }
}

/**
 * Waits for every request the loaders started: a list's first page renders at once in the browser (its
 * loader does not wait), but the service's HTML must hold its rows.
 */
async function answered(queryClient: QueryClient): Promise<void> {
  const fetching = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' })
  await Promise.allSettled(fetching.map((query) => query.fetch()))
}
