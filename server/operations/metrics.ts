import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { COLLECTIONS } from '../../src/catalogue'
import { OPENAPI_PATH } from '../../src/catalogue/openapi'
import type { LiveCatalogue } from '../catalogue/live-catalogue'
import type { Lifecycle } from '../lifecycle'
import { HEALTH_PATH, READY_PATH } from './paths'

type CacheStats = Record<string, { hits: number; misses: number; bytes: number; entries: number }>

/** Each collection's list path without its trailing slash (as requests may spell it), and its label. */
const LIST_ROUTES = new Map(COLLECTIONS.map(({ listPath }) => [listPath.replace(/\/$/, ''), listPath]))
const ITEM_ROUTES = COLLECTIONS.map(({ itemPath }) => ({
  prefix: `${itemPath}/`,
  label: `${itemPath}/{ids}`,
}))
const OPERATIONS_ROUTES = new Set([HEALTH_PATH, READY_PATH, OPENAPI_PATH])

/** The route a request target counts under: a path template, never the path itself (bounded labels). */
export function routeLabel(url: string): string {
  const query = url.indexOf('?')
  let path = query === -1 ? url : url.slice(0, query)
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  const list = LIST_ROUTES.get(path)
  if (list !== undefined) return list
  for (const { prefix, label } of ITEM_ROUTES) {
    if (path.startsWith(prefix) && !path.includes('/', prefix.length)) return label
  }
  if (OPERATIONS_ROUTES.has(path)) return path
  if (path === '/v1' || path.startsWith('/v1/')) return '/v1/other'
  return 'other'
}

/** The answers of one route and method so far: counts by status, and the latency histogram's labels. */
interface RouteSeries {
  labels: { route: string; method: string }
  byStatus: Map<number, number>
}

const STARTED = Symbol('started')
type TimedResponse = ServerResponse & { [STARTED]?: number }

/**
 * The service's Prometheus metrics, in a registry of its own (so several services in one test process do not
 * mix). Request counts and latency are taken from the HTTP server itself, so every answer counts: the fast
 * path's, Fastify's and the raw refusals'. Requests are counted in plain numbers, read into the counter at
 * each scrape: a request pays a map lookup and an addition, not a label hash per counter.
 */
export class ServiceMetrics {
  readonly registry = new Registry()
  private readonly series = new Map<string, RouteSeries>()
  private readonly duration = new Histogram({
    name: 'catalogue_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being handed to the operating system.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  })
  private readonly openConnections = new Gauge({
    name: 'catalogue_open_connections',
    help: 'TCP connections open on the public listener.',
    registers: [this.registry],
  })
  private lifecycles: Lifecycle[] = []
  readonly datasetRecords = new Gauge({
    name: 'catalogue_dataset_records',
    help: 'Records served, by collection.',
    labelNames: ['collection'] as const,
    registers: [this.registry],
  })
  readonly datasetLoadSeconds = new Gauge({
    name: 'catalogue_dataset_load_seconds',
    help: 'Time the last successful dataset load took (read, validate, index).',
    registers: [this.registry],
  })
  readonly datasetReloads = new Counter({
    name: 'catalogue_dataset_reloads_total',
    help: 'Dataset reloads (SIGHUP) by result.',
    labelNames: ['result'] as const,
    registers: [this.registry],
  })
  readonly rateLimitFallbacks = new Counter({
    name: 'catalogue_rate_limit_store_fallbacks_total',
    help: 'Times the shared rate-limit store (Redis) could not be reached and in-process buckets took over.',
    registers: [this.registry],
  })
  private cacheSources: (() => CacheStats)[] = []

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'catalogue_' })
    const series = this.series
    new Counter({
      name: 'catalogue_http_requests_total',
      help: 'Answered requests by route template, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [this.registry],
      collect(this: Counter<'route' | 'method' | 'status'>) {
        this.reset()
        for (const { labels, byStatus } of series.values()) {
          for (const [status, count] of byStatus) this.inc({ ...labels, status }, count)
        }
      },
    })
    // The refusals, read from the same counts at each scrape.
    const answersWith = (status: number) =>
      function (this: Counter) {
        this.reset()
        for (const { byStatus } of series.values()) this.inc(byStatus.get(status) ?? 0)
      }
    new Counter({
      name: 'catalogue_auth_refused_total',
      help: 'Answers 401: a missing, malformed or unknown key.',
      registers: [this.registry],
      collect: answersWith(401),
    })
    new Counter({
      name: 'catalogue_rate_limited_total',
      help: 'Answers 429: a key or address over its rate.',
      registers: [this.registry],
      collect: answersWith(429),
    })
    const lifecycles = () => this.lifecycles
    new Counter({
      name: 'catalogue_connections_dropped_total',
      help: 'Connections refused because the connection cap was reached.',
      registers: [this.registry],
      collect(this: Counter) {
        this.reset()
        for (const lifecycle of lifecycles()) this.inc(lifecycle.refusedConnections)
      },
    })
    const sources = () => this.cacheSources
    const total = (field: 'hits' | 'misses') =>
      function (this: Counter<'cache'>) {
        this.reset()
        for (const source of sources()) {
          for (const [cache, stats] of Object.entries(source())) this.inc({ cache }, stats[field])
        }
      }
    new Counter({
      name: 'catalogue_cache_hits_total',
      help: 'Cache lookups that found their entry, by cache.',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect: total('hits'),
    })
    new Counter({
      name: 'catalogue_cache_misses_total',
      help: 'Cache lookups that did not, by cache.',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect: total('misses'),
    })
    const now = (field: 'bytes' | 'entries') =>
      function (this: Gauge<'cache'>) {
        this.reset()
        for (const source of sources()) {
          for (const [cache, stats] of Object.entries(source())) this.set({ cache }, stats[field])
        }
      }
    new Gauge({
      name: 'catalogue_cache_bytes',
      help: 'Bytes a cache holds now as its budget counts them (keys and values), by cache.',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect: now('bytes'),
    })
    new Gauge({
      name: 'catalogue_cache_entries',
      help: 'Entries a cache holds now, by cache.',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect: now('entries'),
    })
  }

  /** Counts one answer: its route, method and status, and its latency (ms). */
  private count(request: IncomingMessage, status: number, ms: number): void {
    const route = routeLabel(request.url ?? '')
    const method = request.method ?? ''
    const key = `${method} ${route}`
    let series = this.series.get(key)
    if (series === undefined) {
      series = { labels: { route, method }, byStatus: new Map() }
      this.series.set(key, series)
    }
    series.byStatus.set(status, (series.byStatus.get(status) ?? 0) + 1)
    this.duration.observe(series.labels, ms / 1000)
  }

  /** Reads cache statistics at each scrape (the statistics are plain numbers the caches keep). */
  addCaches(source: () => CacheStats): void {
    this.cacheSources.push(source)
  }

  /** The catalogue served (a file or a database's): its version and how long it has been served, read at each scrape. */
  followCatalogue(live: LiveCatalogue): void {
    new Gauge({
      name: 'catalogue_version',
      help: 'The version of the catalogue served: a file’s count of reloads, or the database’s catalogue version.',
      registers: [this.registry],
      collect(this: Gauge) {
        this.set(live.version)
      },
    })
    new Gauge({
      name: 'catalogue_age_seconds',
      help: 'Seconds since the catalogue served was loaded (a file read, a database switched to it).',
      registers: [this.registry],
      collect(this: Gauge) {
        this.set((Date.now() - live.current.since.getTime()) / 1000)
      },
    })
  }

  recordDataset(counts: Record<string, number>, seconds: number): void {
    for (const [collection, count] of Object.entries(counts)) this.datasetRecords.set({ collection }, count)
    this.datasetLoadSeconds.set(seconds)
  }

  /**
   * Counts every request, answer and connection of the public HTTP server; the connections refused at the cap
   * are read from the service's lifecycle (one count, also logged) at each scrape.
   */
  instrument(server: Server, lifecycle: Lifecycle): void {
    this.lifecycles.push(lifecycle)
    const metrics = this
    // One listener function for every answer (the response is `this`): nothing is made per request.
    function answered(this: TimedResponse) {
      metrics.count(this.req, this.statusCode, performance.now() - (this[STARTED] ?? 0))
    }
    // Before the service's own handler (registered when the server was made), so its work is timed too.
    server.prependListener('request', (_request: IncomingMessage, response: TimedResponse) => {
      response[STARTED] = performance.now()
      response.on('finish', answered)
    })
    server.on('connection', (socket) => {
      this.openConnections.inc()
      socket.once('close', () => this.openConnections.dec())
    })
  }
}
