import { createServer, METHODS } from 'node:http'
import fastifyCors from '@fastify/cors'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { API_PREFIX } from '../src/catalogue'
import type { CacheStats } from './byte-cache'
import { Catalogue } from './catalogue/service'
import {
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_RATE_LIMIT,
  DEMO_KEY,
} from './config'
import type { CatalogueStore } from './dataset/store'
import type { AppHosting } from './hosting'
import { admission, whenAdmitted } from './http/admission'
import { type AnswerCacheOptions, ApiAnswers } from './http/answers'
import { ApiGate } from './http/api-gate'
import { isApiPath, isUndecodableNavigation } from './http/api-paths'
import { KeyRing } from './http/auth'
import {
  clientAddressOf,
  exemptFromAddressCap,
  fastifyTrustProxy,
  type TrustProxy,
} from './http/client-address'
import { guardedServerOptions } from './http/connection-guard'
import { CORS_ANSWER_HEADERS, CORS_OPTIONS } from './http/cors'
import { MESSAGES, sendError } from './http/errors'
import { FastPath } from './http/fast-path'
import {
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT,
  limitConnections,
  SEND_TIMEOUT_MS,
  SILENT_CONNECTION_MS,
} from './http/listener'
import { PublicBase } from './http/public-base'
import { type RateLimiter, REFUSED_KEY_BURST, REFUSED_KEY_RATE, TokenBucketLimiter } from './http/rate-limit'
import { answerClientError, answerOutsideRoutes, refuseIrregularPath } from './http/raw-answers'
import { createLogger, type LogDestination, RequestLog, requestIdOf } from './http/request-log'
import { Lifecycle } from './lifecycle'
import { LiveCatalogue } from './operations/live-catalogue'
import type { ServiceMetrics } from './operations/metrics'
import { operations } from './operations/plugin'
import { catalogueApi } from './plugins/catalogue-api'
import { explorer } from './plugins/explorer'
import { factsOf, requestContext } from './plugins/request-context'

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state of the running service: draining (for readiness), refused connections (for metrics). */
    lifecycle: Lifecycle
    /** The dataset served, replaceable while serving (SIGHUP). */
    catalogue: LiveCatalogue
    /** What each response cache holds now (bytes count keys too). */
    cacheStats(): Record<'bodies' | 'filterResults' | 'fastPath', CacheStats>
  }
}

export interface BuildAppOptions {
  store: CatalogueStore
  /** Accepted keys; none (the default) means demo mode: only `catalogue-demo-key` is accepted. */
  apiKeys?: readonly string[]
  /** Requests per second per key, burst four times that; 0 turns limiting off. Default DEFAULT_RATE_LIMIT. */
  rateLimit?: number
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
}

/**
 * Longer than any address Node accepts (its header limit is 16 KiB), so every ids segment reaches the route
 * and gets the contract's answer (500 ids of 16 digits take about 8,500 characters).
 */
const MAX_IDS_SEGMENT_LENGTH = 65_536

/**
 * Builds the catalogue service as a composition of plugins: the request context (request id, Host rule, log
 * line, errors) and CORS for every request; the API under `/v1` with its own gate, 405 and not-found; the
 * operations endpoints (health, readiness, OpenAPI; metrics have their own listener); the explorer (its
 * files, security headers and the not-found answer outside the API). In front of the router, a
 * response cache (FastPath) answers repeated API requests through the same gate and log code.
 * Call `listen` or `inject` on the result.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const demo = !options.apiKeys || options.apiKeys.length === 0
  const keys = new KeyRing(demo ? [DEMO_KEY] : (options.apiKeys as string[]))
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  const limiter = rateLimit > 0 ? (options.limiter ?? new TokenBucketLimiter(rateLimit)) : null
  const refusedKeys =
    options.refusedKeyLimiter ?? new TokenBucketLimiter(REFUSED_KEY_RATE, undefined, REFUSED_KEY_BURST)
  const trustProxy = options.trustProxy ?? null
  const publicUrl = options.publicUrl ?? null
  const logger = createLogger(options.log ?? null)
  const requests = new RequestLog(options.log ?? null)
  const hosting = options.hosting ?? null
  const servesFiles = hosting !== null && 'staticDir' in hosting
  const lifecycle = options.lifecycle ?? new Lifecycle()
  const answers = new ApiAnswers(new Catalogue(options.cache), options.cache)
  const live = new LiveCatalogue(options.store)
  const gate = new ApiGate(keys, limiter, refusedKeys, demo)
  const admit = admission(gate)
  const base = new PublicBase(publicUrl, trustProxy)
  const fastPath = new FastPath(gate, clientAddressOf(trustProxy), requests, base.of)

  const app = Fastify({
    loggerInstance: logger,
    // One line per request, written by the request context with the fields of contract §10.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_IDS_SEGMENT_LENGTH },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, requests),
    serverFactory: (handler) => {
      const limits = {
        maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
        maxConnectionsPerAddress: options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
        silentConnectionMs: options.silentConnectionMs ?? SILENT_CONNECTION_MS,
        headersTimeoutMs: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
        sendTimeoutMs: SEND_TIMEOUT_MS,
        exempt: exemptFromAddressCap(trustProxy),
      }
      // A request without Host reaches the request context, which refuses it with the contract's JSON error.
      const server = createServer(
        { requireHostHeader: false, ...guardedServerOptions(limits) },
        (request, response) => {
          if (!fastPath.handle(request, response) && !refuseIrregularPath(request, response, requests))
            handler(request, response)
        },
      )
      limitConnections(server, limits, lifecycle, logger)
      answerOutsideRoutes(server, requests)
      return server
    },
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT,
    connectionTimeout: SEND_TIMEOUT_MS,
    trustProxy: fastifyTrustProxy(trustProxy),
    // A navigation to an address the router cannot decode still gets the app (which shows its not-found page).
    rewriteUrl: (request) => {
      const url = request.url ?? '/'
      const undecodable = isUndecodableNavigation(request.method, url, request.headers.accept)
      return servesFiles && undecodable && !isApiPath(url) ? '/' : url
    },
    // Malformed percent-encoding and over-long id lists never reach a route (nor hooks); answer them like any
    // bad input, through the same gate on API paths and the same log line.
    frameworkErrors(error, request, reply) {
      const started = performance.now()
      reply.raw.once('finish', () => requests.write(factsOf(request, reply, performance.now() - started)))
      reply.headers(CORS_ANSWER_HEADERS).header('x-request-id', request.id)
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MESSAGES.tooLong : MESSAGES.badUrl
      const admitted = isApiPath(request.raw.url ?? '') ? admit(request, reply) : true
      whenAdmitted(admitted, (ok) => {
        if (ok) sendError(reply, 400, message)
      })
    },
  })
  app.decorate('lifecycle', lifecycle)
  app.decorate('cacheStats', () => ({ ...answers.cacheStats(), fastPath: fastPath.stats() }))
  app.decorate('catalogue', live)
  // A reload drops every cache of answers in the same step: the next answers carry the new data and ETags.
  live.onReplace(() => {
    answers.clear()
    fastPath.clear()
  })
  const metrics = options.metrics ?? null
  if (metrics) {
    metrics.instrument(app.server, lifecycle)
    metrics.addCaches(() => {
      const { bodies, filterResults } = answers.cacheStats()
      return { bodies, filters: filterResults, 'fast-path': fastPath.stats() }
    })
  }

  // Every method Node parses reaches the API's 405 routes (CONNECT never reaches a route handler in Node).
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method))
      app.addHttpMethod(method, { hasBody: true })
  }

  // CORS first, so that every refusal, even of the Host, carries it.
  await app.register(fastifyCors, CORS_OPTIONS)
  await app.register(requestContext, { logger, requests })
  await app.register(catalogueApi, {
    prefix: API_PREFIX,
    answers,
    live,
    collections: options.store.collections.map(({ collection }) => collection),
    publicBase: base,
    admit,
    fastPath,
  })
  await app.register(operations, { publicUrl, counts: () => live.counts, lifecycle })
  await app.register(explorer, { hosting, demoKey: demo ? DEMO_KEY : null, publicUrl, admit })
  return app
}
