/**
 * The routes Lighthouse and the layout-shift measurement visit: every kind of page the explorer has. The
 * service renders the first view of all but settings (`rendered`).
 */
export const ROUTES = [
  { path: '/locations', label: 'locations list', rendered: true },
  { path: '/locations?name=e&page=2', label: 'filtered list, page 2', rendered: true },
  { path: '/locations/1', label: 'a location', rendered: true },
  { path: '/locations/1,2,3', label: 'a comparison', rendered: true },
  { path: '/episodes', label: 'episodes list', rendered: true },
  { path: '/episodes/1', label: 'an episode', rendered: true },
  { path: '/settings', label: 'settings', rendered: false },
] as const

/** The routes whose first view the service renders. */
export const RENDERED_ROUTES = ROUTES.filter(({ rendered }) => rendered)

export type Route = (typeof ROUTES)[number]

/** Added latency (CDP `Network.emulateNetworkConditions`) and cache state of a measured visit. */
export const LATENCIES_MS = [0, 150] as const
export const CACHES = ['cold', 'warm'] as const
export type Cache = (typeof CACHES)[number]
