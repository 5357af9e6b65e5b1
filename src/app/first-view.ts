import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router-dom'
import { z } from 'zod/mini'
import type { Connection } from '../api/client'
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
  locale: z.string(),
})

export type FirstViewState = { router: HydrationState; queries: DehydratedState; locale: string }

/**
 * The first view the service rendered into this page, or null: none, unreadable, or rendered for this site's
 * service while this browser uses another (its user must not be shown the site's own rows, even for a moment).
 */
export function readFirstView(saved: Connection | null, doc: Document = document): FirstViewState | null {
  if (saved !== null && saved.baseUrl !== '') return null
  const text = doc.getElementById(FIRST_VIEW_STATE_ID)?.textContent
  if (!text) return null
  try {
    // React Query's `hydrate` reads what it is given defensively; the outline is checked here.
    const state = JSON.parse(text)
    if (!FirstViewStateSchema.safeParse(state).success) return null
    Intl.getCanonicalLocales(state.locale) // throws on a malformed locale
    return state
  } catch {
    return null
  }
}

/**
 * The router the first view's HTML is hydrated with: its pages' code loaded first (a route still lazy would
 * render its fallback instead of the page, and the HTML would not match), the query cache filled with the
 * rendered answers, the router started from the rendered loader data (its loaders do not run again), and
 * dates and counts written in the locale the service rendered in, for the whole visit.
 */
export async function routerForFirstView(deps: RouterDeps, view: FirstViewState) {
  const routes = appRoutes(deps)
  await loadMatchedPages(routes)
  setReaderLocale(view.locale)
  hydrate(deps.queryClient, view.queries)
  return createBrowserRouter(routes, { hydrationData: view.router })
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
