/** What `answeredFromCache` reads of the browser's resource timing (injected in tests). */
export type ResourceTimings = { getEntriesByName(name: string, type: string): readonly PerformanceEntry[] }

/**
 * Whether the browser's HTTP cache answered the request for `url` that started at `startedAt`
 * (`performance.now()`): its resource timing says nothing crossed the network (no bytes transferred, a body
 * decoded). Unknown counts as the network: no timing (the buffer is full, or none yet), or a service on
 * another origin that sends no `Timing-Allow-Origin` (the browser then reports zero for every size).
 */
export function answeredFromCache(
  url: string,
  startedAt: number,
  timings: ResourceTimings | undefined = globalThis.performance,
): boolean {
  const entries = timings?.getEntriesByName?.(url, 'resource') ?? []
  const entry = entries.findLast((candidate) => candidate.startTime >= startedAt)
  if (!entry || !('transferSize' in entry) || !('decodedBodySize' in entry)) return false
  return entry.transferSize === 0 && typeof entry.decodedBodySize === 'number' && entry.decodedBodySize > 0
}
