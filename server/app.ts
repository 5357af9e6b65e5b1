import { METHODS } from 'node:http'
import fastifyCors from '@fastify/cors'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { API_PREFIX } from '../src/catalogue'
import type { CacheStats } from './byte-cache'
import { LiveCatalogue } from './catalogue/live-catalogue'
import { Catalogue } from './catalogue/service'
import { DEFAULT_RATE_LIMIT, DEFAULT_RENDER_RATE, DEMO_KEY } from './config'
import type { CatalogueStore } from './dataset/store'
import { admission } from './http/admission'
import { type AnswerCacheOptions, ApiAnswers } from './http/answers'
import { ApiGate } from './http/api-gate'
import { isApiPath, isUndecodableNavigation } from './http/api-paths'
import { KeyRing } from './http/auth'
import { clientAddressOf, fastifyTrustProxy, type TrustProxy } from './http/client-address'
import { CORS_OPTIONS } from './http/cors'
import { FrontDoor } from './http/front-door'
import { connectionLimits, KEEP_ALIVE_TIMEOUT, SEND_TIMEOUT_MS } from './http/listener'
import { OpenStreams, STREAM_LIMITS, type StreamLimits } from './http/open-streams'
import { PublicBase } from './http/public-base'
import { type RateLimiter, REFUSED_KEY_BURST, REFUSED_KEY_RATE, TokenBucketLimiter } from './http/rate-limit'
import { RenderAllowance } from './http/render-allowance'
import { createLogger, type LogDestination, RequestLog, requestIdOf } from './http/request-log'
import { ResponseCache } from './http/response-cache'
import { LocalStreamLeases, type StreamLeases } from './http/stream-leases'
import { ViewSlots } from './http/view-slots'
import { Lifecycle } from './lifecycle'
import type { ServiceMetrics } from './operations/metrics'
import { catalogueApi } from './plugins/catalogue-api'
import { explorer } from './plugins/explorer'
import { FirstViewCache } from './plugins/first-view/cache'
import type { RenderLimits } from './plugins/first-view/renders'
import type { AppHosting } from './plugins/hosting'
import { operations } from './plugins/operations'
import { requestContext } from './plugins/request-context'

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state of the running service: draining (for readiness), refused connections (for metrics). */
    lifecycle: Lifecycle
    /** The catalogue served, replaceable while serving (SIGHUP, a new version in the database). */
    catalogue: LiveCatalogue
    /** What each response cache holds now (bytes count keys too). */
    cacheStats(): Record<'bodies' | 'filterResults' | 'fastPath' | 'firstViews', CacheStats>
  }
}

export interface BuildAppOptions {
  /** The catalogue in memory, or (`live`) a catalogue kept current by its store, such as PostgreSQL. */
  store: CatalogueStore | LiveCatalogue
  /** Accepted keys; none (the default) means demo mode: only `catalogue-demo-key` is accepted. */
  apiKeys?: readonly string[]
  /** Requests per second per key, burst four times that; 0 turns limiting off. Default DEFAULT_RATE_LIMIT. */
  rateLimit?: number
  /** First views per second per client address, in pages of records; 0 turns it off. Default DEFAULT_RENDER_RATE. */
  renderRate?: number
  /** The renders' allowance itself (a test's, on a clock of its own); default one at `renderRate`. */
  renderAllowance?: RenderAllowance
  /** Where the key buckets live when shared with other replicas (Redis); default in-process, at `rateLimit`. */
  limiter?: RateLimiter | null
  /** Where the failed-key buckets live when shared with other replicas; default in-process. */
  refusedKeyLimiter?: RateLimiter | null
  /** Base of every address in responses; null (default) takes scheme and Host from each request. */
  publicUrl?: string | null
  /** The explorer app beside the API, or null (default) for the API alone. */
  hosting?: AppHosting | null
  /** Where the JSON log lines go; null (default) logs nothing. */
  log?: LogDestination | null
  cache?: AnswerCacheOptions
  /** Proxies whose X-Forwarded-* headers are believed (Fastify's `trustProxy`); null (default) trusts none. */
  trustProxy?: TrustProxy
  /** Open connections at most (idle ones are closed first to make room). Default 10,000. */
  maxConnections?: number
  /** Open connections at most from one address (IPv6: one /64); trusted proxies by address are exempt. Default 100. */
  maxConnectionsPerAddress?: number
  /** A connection that sends nothing for this long (ms) is closed. Default 10 s. */
  silentConnectionMs?: number
  /** A request's head must arrive whole within this long (ms) of its first byte. Default 10 s. */
  headersTimeoutMs?: number
  /** Shared state of the running service (draining, refused connections); a new one by default. */
  lifecycle?: Lifecycle
  /** Where requests, caches and connections are counted; null (default) counts nothing. */
  metrics?: ServiceMetrics | null
  /**
   * Whether the list endpoints answer views (contract §12, CATALOGUE_VIEWS), and how: uncached views at once
   * per rate bucket, and the facets' time limit (ms). Default true (VIEWS_AT_ONCE, FACET_TIME_LIMIT_MS).
   */
  views?: boolean | { atOnce?: number; facetTimeLimitMs?: number }
  /**
   * Where the streams' leases live (one stream at a time per rate bucket) when shared with other replicas
   * (Redis); default in-process, and none with the rate limit off (unless given). Streams come with views,
   * and go with them.
   */
  streamLeases?: StreamLeases | null
  /** Streams open at once at most, and the least each must move per window (default STREAM_LIMITS); for tests. */
  streamLimits?: Partial<StreamLimits>
  /** Limits of the first views' renders (how many at once and waiting, their deadline); for tests. */
  renderLimits?: Partial<RenderLimits>
}

/**
 * Longer than any address Node accepts (its header limit is 16 KiB), so every ids segment reaches the route
 * and gets the contract's answer (500 ids of 16 digits take about 8,500 characters).
 */
const MAX_IDS_SEGMENT_LENGTH = 65_536

/**
 * Builds the catalogue service: outside Fastify, the front door (the response cache, refusals before routing,
 * what Node and the router refuse, the connection rules); inside, a composition of plugins: CORS and the
 * request context (request id, Host rule, log line, errors) for every request; the API under `/v1` with its
 * own gate, 405 and not-found; the operations endpoints (health, readiness, OpenAPI; metrics have their own
 * listener); the explorer (its files, security headers and the not-found answer outside the API).
 * Call `listen` or `inject` on the result.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const parts = serviceParts(options)
  const { door, hosting, live, answers, responseCache, firstViews, lifecycle } = parts
  const servesFiles = hosting !== null && 'staticDir' in hosting

  const app = Fastify({
    loggerInstance: parts.logger,
    // One line per request, written by the request context (inside Fastify) or the front door (outside).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_IDS_SEGMENT_LENGTH },
    serverFactory: door.serverFactory,
    clientErrorHandler: door.clientErrorHandler,
    frameworkErrors: door.frameworkErrors,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT,
    connectionTimeout: SEND_TIMEOUT_MS,
    trustProxy: fastifyTrustProxy(parts.trustProxy),
    // A navigation to an address the router cannot decode still gets the app (which shows its not-found page).
    rewriteUrl: (request) => {
      const url = request.url ?? '/'
      const undecodable = isUndecodableNavigation(request.method, url, request.headers.accept)
      return servesFiles && undecodable && !isApiPath(url) ? '/' : url
    },
  })
  app.decorate('lifecycle', lifecycle)
  app.decorate('cacheStats', () => ({
    ...answers.cacheStats(),
    fastPath: responseCache.stats(),
    firstViews: firstViews.stats(),
  }))
  app.decorate('catalogue', live)
  // A reload drops every cache of answers in the same step: the next answers carry the new data and ETags.
  live.onReplace(() => {
    answers.clear()
    responseCache.clear()
    firstViews.clear()
  })
  // What views read is made with the dataset, in the same step as a reload: never by a request.
  if (parts.views) {
    const collections = live.current.collections.map((collection) => collection.name)
    const prepare = () => {
      for (const name of collections) live.collection(name).prepareViews()
      live.current.prepareExtensions()
    }
    prepare()
    live.onReplace(prepare)
  }
  const metrics = options.metrics ?? null
  if (metrics) {
    metrics.instrument(app.server, lifecycle)
    metrics.followCatalogue(live)
    metrics.addCaches(() => {
      const { bodies, filterResults } = answers.cacheStats()
      return {
        bodies,
        filters: filterResults,
        'fast-path': responseCache.stats(),
        'first-views': firstViews.stats(),
      }
    })
  }
  // Every method Node parses reaches the API's 405 routes (CONNECT never reaches a route handler in Node).
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method))
      app.addHttpMethod(method, { hasBody: true })
  }

  // CORS first, so that every refusal, even of the Host, carries it.
  await app.register(fastifyCors, CORS_OPTIONS)
  await app.register(requestContext, { logger: parts.logger, requests: parts.requests })
  await app.register(catalogueApi, {
    prefix: API_PREFIX,
    answers,
    live,
    collections: live.current.collections,
    publicBase: parts.publicBase,
    admit: parts.admit,
    responseCache,
    views: parts.views,
    streams: parts.views === null ? null : { leases: parts.streamLeases, open: parts.openStreams },
    demo: parts.demo,
  })
  // A store answers search and characters or not for good: the memory store does (made with the dataset);
  // PostgreSQL does when its catalogue was loaded with them.
  const answersSearch = parts.views !== null && live.current.search !== null
  const answersCharacters = parts.views !== null && live.current.characters !== null
  await app.register(operations, {
    publicUrl: parts.publicUrl,
    catalogue: live,
    lifecycle,
    views: parts.views !== null,
    search: answersSearch,
    characters: answersCharacters,
  })
  await app.register(explorer, {
    hosting,
    demoKey: parts.demo ? DEMO_KEY : null,
    views: parts.views !== null,
    search: answersSearch,
    characters: answersCharacters,
    catalogueVersion: () => live.current.contentVersion,
    publicUrl: parts.publicUrl,
    admit: parts.admit,
    publicBase: parts.publicBase,
    firstViews,
    renderAllowance: parts.renderAllowance,
    ...(options.renderLimits ? { renderLimits: options.renderLimits } : {}),
  })
  return app
}

/** What the service is made of, shared by the front door and the plugins. */
function serviceParts(options: BuildAppOptions) {
  const demo = !options.apiKeys || options.apiKeys.length === 0
  const keys = new KeyRing(demo ? [DEMO_KEY] : (options.apiKeys as string[]))
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  const renderRate = options.renderRate ?? DEFAULT_RENDER_RATE
  const limiter = rateLimit > 0 ? (options.limiter ?? new TokenBucketLimiter(rateLimit)) : null
  const refusedKeys =
    options.refusedKeyLimiter ?? new TokenBucketLimiter(REFUSED_KEY_RATE, undefined, REFUSED_KEY_BURST)
  const trustProxy = options.trustProxy ?? null
  const publicUrl = options.publicUrl ?? null
  const logger = createLogger(options.log ?? null)
  const requests = new RequestLog(options.log ?? null)
  const lifecycle = options.lifecycle ?? new Lifecycle()
  const gate = new ApiGate(keys, limiter, refusedKeys, demo)
  const publicBase = new PublicBase(publicUrl, trustProxy)
  const responseCache = new ResponseCache(publicBase.of)
  const live = options.store instanceof LiveCatalogue ? options.store : new LiveCatalogue(options.store)
  const door = new FrontDoor({
    gate,
    clientAddress: clientAddressOf(trustProxy),
    requests,
    cache: responseCache,
    limits: connectionLimits(options, trustProxy),
    lifecycle,
    logger,
  })
  return {
    demo,
    trustProxy,
    publicUrl,
    logger,
    requests,
    lifecycle,
    publicBase,
    responseCache,
    door,
    admit: admission(gate),
    renderAllowance: options.renderAllowance ?? (renderRate > 0 ? new RenderAllowance(renderRate) : null),
    firstViews: new FirstViewCache(),
    hosting: options.hosting ?? null,
    live,
    views: options.views === false ? null : new ViewSlots(viewOptions(options).atOnce),
    // One stream at a time per rate bucket comes with the rate limit: none without one.
    streamLeases: options.streamLeases ?? (limiter === null ? null : new LocalStreamLeases()),
    // The process's cap on open streams and their minimum rate hold whatever the rate limit.
    openStreams: new OpenStreams({ ...STREAM_LIMITS, ...options.streamLimits }),
    answers: new ApiAnswers(
      new Catalogue({ ...options.cache, isCurrent: (version) => live.isCurrent(version) }),
      (version) => live.isCurrent(version),
      { ...options.cache, facetTimeLimitMs: viewOptions(options).facetTimeLimitMs },
    ),
  }
}

/** How views are answered, from the options (see BuildAppOptions.views). */
function viewOptions(options: BuildAppOptions): { atOnce?: number; facetTimeLimitMs?: number } {
  return typeof options.views === 'object' ? options.views : {}
}
