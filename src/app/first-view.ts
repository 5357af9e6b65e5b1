import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router-dom'
import { z } from 'zod/mini'
import type { Connection } from '../api/client'
import { revivedApiError } from '../api/errors'
import { requestLog } from '../api/request-log'
import { serviceCharacters, serviceInsights } from '../api/service-characters'
import { serviceViews } from '../api/service-views'
import { FIRST_VIEW_STATE_ID, type FirstViewState, FirstViewStateSchema } from '../catalogue'
import { setReaderLocale } from '../lib/format'
import { appRoutes, type RouterDeps } from './router'

/** The first view's state, its router data and query cache read as what the router and React Query take. */
export type HydratedFirstView = Omit<FirstViewState, 'router' | 'queries'> & {
  router: HydrationState
  queries: DehydratedState
}

/** What the router's hydration data must hold: a view whose loader failed is left to the app (`errors`). */
const HydrationStateSchema = z.object({
  loaderData: z.record(z.string(), z.unknown()),
  actionData: z.nullable(z.record(z.string(), z.unknown())),
  errors: z.null(),
})
const isHydrationState = (router: unknown): router is HydrationState =>
  HydrationStateSchema.safeParse(router).success

/** What React Query's `hydrate` reads (defensively, entry by entry): its lists of queries and mutations. */
const DehydratedStateSchema = z.object({ queries: z.array(z.unknown()), mutations: z.array(z.unknown()) })
const isDehydratedState = (queries: unknown): queries is DehydratedState =>
  DehydratedStateSchema.safeParse(queries).success

/**
 * The first view the service rendered into this page, or null: none, unreadable, or holding the site's own
 * data (read with its demo key) while this browser uses a connection chosen in Settings: another service,
 * whose user must not be shown the site's rows even for a moment, or a key of its own, which the service must
 * judge first. A frame holds no data: it is read whichever connection is in use.
 */
export function readFirstView(saved: Connection | null, doc: Document = document): HydratedFirstView | null {
  const text = doc.getElementById(FIRST_VIEW_STATE_ID)?.textContent
  if (!text) return null
  try {
    const parsed = FirstViewStateSchema.safeParse(JSON.parse(text))
    if (!parsed.success) return null
    // The one place the contract's opaque router data and query cache are read as the router's and React Query's.
    const { router, queries, ...state } = parsed.data
    if (!isHydrationState(router) || !isDehydratedState(queries)) return null
    if (!state.frame && saved !== null) return null
    Intl.getCanonicalLocales(state.locale) // throws on a malformed locale
    return { ...state, router, queries }
  } catch {
    return null
  }
}

/**
 * The router the first view's HTML is hydrated with: its pages' code loaded first (a route still lazy would
 * render its fallback instead of the page, and the HTML would not match), the query cache filled with the
 * rendered answers, the router started from the rendered loader data (its loaders do not run again; a
 * frame's run once the page is hydrated: `afterHydration`), and dates and counts written in the locale the
 * service rendered in, for the whole visit.
 */
export async function routerForFirstView(deps: RouterDeps, view: HydratedFirstView) {
  const routes = appRoutes(deps)
  await loadMatchedPages(routes)
  setReaderLocale(view.locale)
  // Its views' rows (and characters) came from this site's service: its pages ask it again the same way.
  if (view.views !== undefined) {
    serviceViews.learn('', view.views)
    serviceInsights.learn('', view.views)
  }
  if (view.characters !== undefined) serviceCharacters.learn('', view.characters)
  hydrate(deps.queryClient, withApiErrors(view.queries))
  for (const { path, base, status, durationMs, size, body } of view.requests) {
    requestLog.record({ method: 'GET', path, base, status, durationMs, size, body, source: 'page' })
  }
  return createBrowserRouter(routes, { hydrationData: view.router })
}

/** The rendered failures (a record not found) as the ApiErrors the pages read, not the plain objects JSON kept. */
function withApiErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.flatMap((query) => {
      if (query.state.status !== 'error') return [query]
      const error = revivedApiError(query.state.error)
      // Unreadable: left out, so the page asks for it again.
      return error ? [{ ...query, state: { ...query.state, error } }] : []
    }),
  }
}

async function loadMatchedPages(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const page = await route.lazy()
      Object.assign(route, page, { lazy: undefined })
    }),
  )
}

/**
 * Once a frame is hydrated, its loaders run as they would have on a start in this browser: with the
 * connection in use they ask for the page's data, correct a page beyond the last, or send a rejected key to
 * the settings.
 */
export function afterHydration(router: { revalidate(): Promise<void> }, view: HydratedFirstView): void {
  if (view.frame) void router.revalidate()
}
