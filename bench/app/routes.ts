/** The routes Lighthouse and the layout-shift measurement visit: every kind of page the explorer has. */
export const ROUTES = [
  { path: '/locations', label: 'locations list' },
  { path: '/locations?name=e&page=2', label: 'filtered list, page 2' },
  { path: '/locations/1', label: 'a location' },
  { path: '/locations/1,2,3', label: 'a comparison' },
  { path: '/episodes', label: 'episodes list' },
  { path: '/episodes/1', label: 'an episode' },
  { path: '/settings', label: 'settings' },
] as const

export type Route = (typeof ROUTES)[number]

/** Added latency (CDP `Network.emulateNetworkConditions`) and cache state of a measured visit. */
export const LATENCIES_MS = [0, 150] as const
export const CACHES = ['cold', 'warm'] as const
export type Cache = (typeof CACHES)[number]
