import autocannon from 'autocannon'

export interface LoadSettings {
  connections: number
  /** Seconds of load; ignored when `amount` is set. */
  duration: number
  /** Send exactly this many requests, then stop (used for the once-through, uncached pass). */
  amount?: number
  headers: Record<string, string>
}

export interface LoadResult {
  requests: number
  requestsPerSecond: number
  p50: number
  p99: number
  /** Responses that were not 2xx, and connection errors or timeouts: any of these makes the run invalid. */
  non2xx: number
  errors: number
}

/**
 * Drives `paths` on `origin` with autocannon from this process. Each connection walks all the paths in turn,
 * starting at its own offset (spread evenly), so at any moment the connections ask for different things and
 * `amount: paths.length` sends each path exactly once. The requests are built once per connection: building
 * one per request (autocannon's `setupRequest`) costs the load generator enough to show in the latencies.
 * Latencies are recorded here with sub-millisecond precision (autocannon's own histogram keeps whole
 * milliseconds).
 */
export async function drive(
  origin: string,
  paths: readonly string[],
  settings: LoadSettings,
): Promise<LoadResult> {
  let latencies = new Float64Array(1 << 16)
  let recorded = 0
  let clients = 0
  const options: autocannon.Options = {
    url: `${origin}${paths[0]}`,
    connections: settings.connections,
    duration: settings.duration,
    amount: settings.amount,
    headers: settings.headers,
    setupClient:
      paths.length === 1
        ? undefined
        : (client) => {
            const offset = Math.floor((clients++ * paths.length) / settings.connections) % paths.length
            const rotated = [...paths.slice(offset), ...paths.slice(0, offset)]
            client.setRequests(rotated.map((path) => ({ path })))
          },
  }
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)))
    instance.on('response', (_client, _status, _bytes, milliseconds) => {
      if (recorded === latencies.length) {
        const grown = new Float64Array(latencies.length * 2)
        grown.set(latencies)
        latencies = grown
      }
      latencies[recorded++] = milliseconds
    })
  })
  const sorted = latencies.subarray(0, recorded).sort()
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number
}
