import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router-dom'
import { z } from 'zod/mini'
import type { Connection } from '../api/client'
import { revivedApiError } from '../api/errors'
import { requestLog } from '../api/request-log'
import { FIRST_VIEW_STATE_ID } from '../catalogue'
import { setReaderLocale } from '../lib/format'
import { appRoutes, type RouterDeps } from './router'

/** The outline of what the service puts in the page: the router's data, and React Query's dehydrated cache. */
const FirstViewStateSchema = z.object({
  router: z.object({
    loaderData: z.record(z.string(), z.unknown()),
    actionData: z.nullable(z.record(z.string(), z.unknown())),
    // A view whose loader failed is left to the app, which shows the failure as it always does.
    errors: z.null(),
  }),
  queries: z.object({ queries: z.array(z.unknown()), mutations: z.array(z.unknown()) }),
  requests: z.array(
    z.object({
      path: z.string(),
      base: z.string(),
      status: z.nullable(z.number()),
      durationMs: z.number(),
      size: z.nullable(z.number()),
      body: z.unknown(),
    }),
  ),
  locale: z.string(),
  frame: z.boolean(),
})

export type FirstViewState = {
  router: HydrationState
  queries: DehydratedState
  /** The API requests the service made to render it: what the page's "API" disclosure shows. */
  requests: z.infer<typeof FirstViewStateSchema>['requests']
  locale: string
  /** The page's frame, with no data: its loaders have not run against any service yet. */
  frame: boolean
}

/**
 * The first view the service rendered into this page, or null: none, unreadable, or holding the site's own
 * data (read with its demo key) while this browser uses a connection chosen in Settings: another service,
 * whose user must not be shown the site's rows even for a moment, or a key of its own, which the service must
 * judge first. A frame holds no data: it is read whichever connection is in use.
 */
export function readFirstView(saved: Connection | null, doc: Document = document): FirstViewState | null {
  const text = doc.getElementById(FIRST_VIEW_STATE_ID)?.textContent
  if (!text) return null
  try {
    // React Query's `hydrate` reads what it is given defensively; the outline is checked here.
    const state = JSON.parse(text)
    if (!FirstViewStateSchema.safeParse(state).success) return null
    if (!state.frame && saved !== null) return null
    Intl.getCanonicalLocales(state.locale) // throws on a malformed locale
    return state
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
export async function routerForFirstView(deps: RouterDeps, view: FirstViewState) {
  const routes = appRoutes(deps)
  await loadMatchedPages(routes)
  setReaderLocale(view.locale)
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
export function afterHydration(router: { revalidate(): Promise<void> }, view: FirstViewState): void {
  if (view.frame) void router.revalidate()
}
