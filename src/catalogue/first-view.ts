import { z } from 'zod/mini'

/*
 * The first view: a navigation's page rendered by the service with the explorer's own route tree
 * (src/entry-server.tsx, built to dist-server/entry-server.js), and the state the browser starts from. The
 * service reaches the render only through the built file, and the browser reads the state from the page: this
 * module is what the three agree on. It holds no React, router or query library (its lint wall): the router's
 * data and the query cache are JSON objects here, which only the browser's entry reads as what they are.
 */

/** The id of the JSON script element in which the service puts a first view's state. */
export const FIRST_VIEW_STATE_ID = 'first-view-state'

/** A JSON object carried as it is: read only by the program that made it (the router, React Query). */
const OpaqueObject = z.record(z.string(), z.unknown())

/**
 * An API request as the explorer's request log holds it, in plain fields: what the first view was made from,
 * which the page's "API" disclosure shows.
 */
export const RequestRecordSchema = z.object({
  /** Path and query, such as `/v1/locations?type=Planet`. */
  path: z.string(),
  /** Where the service lives (empty: this site's own origin). */
  base: z.string(),
  status: z.nullable(z.number()),
  durationMs: z.number(),
  /** Bytes of the response body as read; null when no body was read. */
  size: z.nullable(z.number()),
  /** The parsed response body; undefined when it was not JSON or never arrived. */
  body: z.unknown(),
})
export type RequestRecord = z.infer<typeof RequestRecordSchema>

/** The state of a first view: what the service writes beside its HTML, and the browser starts from. */
export const FirstViewStateSchema = z.object({
  /** What the router knew once the view's loaders ran (its hydration data: loader data, action data, errors). */
  router: OpaqueObject,
  /** React Query's dehydrated cache: the answers the view was rendered with. */
  queries: OpaqueObject,
  /** The API requests the service made to render it. */
  requests: z.array(RequestRecordSchema),
  /** The locale its dates and counts are written in (from `Accept-Language`): the browser's first render uses it. */
  locale: z.string(),
  /** The page's frame, with no data: its loaders have not run against any service yet. */
  frame: z.boolean(),
  /** Whether this site's service answers views (contract §12): the view's rows came from it. */
  views: z.optional(z.boolean()),
  /** Whether it answers characters (contract §13): a character's page and the insights came from it. */
  characters: z.optional(z.boolean()),
})
export type FirstViewState = z.infer<typeof FirstViewStateSchema>

/**
 * Where a first view's data comes from: the service's own API, asked in process, with its demo key; or
 * nowhere (null), when the service may not answer for this visitor (keys configured, or the visitor uses
 * another service): the view is then the page's frame, and the browser fetches its data.
 */
export type FirstViewSource = {
  /** Answers a request for a path of the service's API (`/v1/locations/?page=1`), as `fetch` would. */
  fetch: typeof fetch
  demoKey: string
  /** Whether the service answers views (contract §12): a data tool's address then renders with its rows. */
  views?: boolean
  /** Whether it answers characters (contract §13): a character's page and the insights render with its answers. */
  characters?: boolean
} | null

/** A rendered first view: its HTML and state, or the address a loader sent the navigation to. */
export type FirstView =
  | {
      kind: 'page'
      status: number
      html: string
      state: FirstViewState
      /**
       * Whether the view holds all its data: false for a frame (rendered with no source) and for a view some of
       * whose data failed for a while only (that part renders loading, and the browser asks again).
       */
      complete: boolean
    }
  /** A loader corrected the address (`/locations?page=0` → `/locations`), or sent the visit elsewhere. */
  | { kind: 'redirect'; status: number; location: string }

/** What the built server entry exports: its render, which addresses it renders, and the code they need. */
export interface FirstViewEntry {
  renderFirstView(request: Request, source: FirstViewSource): Promise<FirstView>
  /**
   * Whether an address (path and query) is one whose first view the service renders: a route of the app's
   * tree marked `handle: { firstView: true }` (a list, a record).
   */
  matchesFirstView(url: string): boolean
  /**
   * The page code an address's first view needs, as the sources of its chunks (the keys of the browser build's
   * manifest, `src/features/locations/LocationsListRoute.tsx`): the service names their files in the page, so
   * the browser fetches them with the entry's script instead of once it has run. Empty for another address.
   */
  firstViewModules(url: string): readonly string[]
}
