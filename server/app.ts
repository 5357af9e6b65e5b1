import { createServer, type IncomingMessage, METHODS, type Server } from 'node:http'
import type { Socket } from 'node:net'
import fastifyCors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import { API_PREFIX } from '../src/catalogue'
import type { CacheStats } from './byte-cache'
import { CatalogueService, type CatalogueServiceOptions } from './catalogue/service'
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_RATE_LIMIT, DEMO_KEY } from './config'
import type { CatalogueStore, CollectionStore } from './dataset/store'
import {
  type AppHosting,
  isAppNavigation,
  registerExplorerConfig,
  registerStaticApp,
  sendAppIndex,
} from './hosting'
import { ApiGate, type GateOutcome } from './http/api-gate'
import { KeyRing } from './http/auth'
import { clientAddressOf, fastifyTrustProxy, type TrustProxy } from './http/client-address'
import { CORS_ANSWER_HEADERS, CORS_OPTIONS } from './http/cors'
import {
  ALLOWED_METHODS,
  ApiError,
  ERROR_CACHE_CONTROL,
  errorBody,
  JSON_CONTENT_TYPE,
  MESSAGES,
  sendError,
  sendMethodNotAllowed,
} from './http/errors'
import { FastPath } from './http/fast-path'
import { hostRefusal } from './http/host'
import { publicBase } from './http/public-base'
import { REFUSED_KEY_BURST, REFUSED_KEY_RATE, TokenBucketLimiter } from './http/rate-limit'
import { answerClientError, answerOutsideRoutes } from './http/raw-answers'
import { type Representation, sendRepresentation } from './http/representation'
import {
  bodyBytes,
  createLogger,
  type LogDestination,
  type Logger,
  loggedPath,
  logRequest,
  requestIdOf,
} from './http/request-log'
import { Lifecycle } from './lifecycle'

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle
    /** What each response cache holds now (bytes count keys too). */
    cacheStats(): Record<'bodies' | 'filterResults' | 'fastPath', CacheStats>
  }
  interface FastifyRequest {
    /** The key id of the key sent (see request-log), once the API gate has read it. */
    keyId: string | undefined
  }
  interface FastifyContextConfig {
    /** Set on every route of the API, so the key is checked whatever spelling of the address matched it. */
    api?: boolean
    /** Set on the routes that exist only to answer 405 to other methods on API paths. */
    methodNotAllowed?: boolean
  }
}

export interface BuildAppOptions {
  store: CatalogueStore
  /** Accepted keys; none (the default) means demo mode: only `catalogue-demo-key` is accepted. */
  apiKeys?: readonly string[]
  /** Requests per second per key, burst four times that; 0 turns limiting off. Default DEFAULT_RATE_LIMIT. */
  rateLimit?: number
  /** Base of every address in responses; null (default) takes scheme and Host from each request. */
  publicUrl?: string | null
  /** The explorer app beside the API, or null (default) for the API alone. */
  hosting?: AppHosting | null
  /** Where the JSON log lines go; null (default) logs nothing. */
  log?: LogDestination | null
  cache?: CatalogueServiceOptions
  /** Proxies whose X-Forwarded-* headers are believed (Fastify's `trustProxy`); null (default) trusts none. */
  trustProxy?: TrustProxy
  /** Open connections at most; more are refused at once (counted and logged). Default 10,000. */
  maxConnections?: number
  /** A connection that sends nothing for this long (ms) is closed. Default 10 s. */
  silentConnectionMs?: number
  /** Shared state of the running service (draining, refused connections); a new one by default. */
  lifecycle?: Lifecycle
}

/**
 * Longer than any address Node accepts (its header limit is 16 KiB), so every ids segment reaches the route
 * and gets the contract's answer (500 ids of 16 digits take about 8,500 characters).
 */
const MAX_IDS_SEGMENT_LENGTH = 65_536
/** Fastify's default: idle keep-alive connections stay open this long (ms). */
const KEEP_ALIVE_TIMEOUT = 72_000
/** A connection that has sent no byte is closed after this long (ms): silent connections cannot pile up. */
const SILENT_CONNECTION_MS = 10_000
/** A connection where nothing moves (a client that stops reading an answer) is closed after this long (ms). */
const SEND_TIMEOUT_MS = 30_000
/** Refused connections are logged at most this often (ms), with the running count. */
const REFUSAL_LOG_INTERVAL = 10_000

/**
 * The path of a request target as the router reads it: an absolute-form target (`http://host/v1/…`) without
 * its origin, and percent-encoded letters decoded (`/%761/…` is `/v1/…`), so no spelling escapes a rule.
 */
function routedPath(url: string): string {
  const target = !url.startsWith('/') && URL.canParse(url) ? new URL(url).pathname : url
  const path = target.split('?', 1)[0] as string
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

function isApiPath(url: string): boolean {
  const path = routedPath(url)
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)
}

/**
 * The connection rules of contract §10: at most `maxConnections` open (Node refuses the rest at once; each
 * refusal is counted and the count logged now and then), and a connection that sends nothing is closed after
 * a short time. Once it has sent a byte, the send timeout (Fastify's `connectionTimeout`) applies.
 */
function limitConnections(server: Server, options: BuildAppOptions, lifecycle: Lifecycle, logger: Logger) {
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS
  let loggedAt = Number.NEGATIVE_INFINITY
  server.on('drop', () => {
    lifecycle.refusedConnections++
    const now = performance.now()
    if (now - loggedAt < REFUSAL_LOG_INTERVAL) return
    loggedAt = now
    logger.warn(
      { refusedConnections: lifecycle.refusedConnections, maxConnections: server.maxConnections },
      'Connection cap reached: refusing new connections',
    )
  })
  const silentMs = options.silentConnectionMs ?? SILENT_CONNECTION_MS
  server.on('connection', (socket: Socket) => {
    socket.setTimeout(silentMs)
    socket.once('data', () => socket.setTimeout(server.timeout))
  })
}

/** A GET asking for HTML whose path has malformed percent-encoding (rare: checked only when there is a `%`). */
function isUndecodableNavigation(request: IncomingMessage): boolean {
  const url = request.url ?? ''
  if (request.method !== 'GET' || !url.includes('%') || !(request.headers.accept ?? '').includes('text/html'))
    return false
  try {
    decodeURIComponent(url.split('?', 1)[0] as string)
    return false
  } catch {
    return true
  }
}

/** The log line's facts for a request Fastify answered. */
function factsOf(request: FastifyRequest, reply: FastifyReply, ms: number) {
  const method = request.raw.method ?? '-'
  const status = reply.raw.statusCode
  return {
    reqId: request.id,
    method,
    path: loggedPath(request.raw.url ?? '-'),
    status,
    ms,
    bytes: bodyBytes(method, status, reply.raw.getHeader('content-length')),
    client: request.ip,
    keyId: request.keyId,
  }
}

/** Whether a list query holds only what the answer depends on: `page` and the collection's filters. */
function onlyKnownParameters(store: CollectionStore, query: Record<string, unknown>): boolean {
  const filters: readonly string[] = store.collection.filters
  for (const name in query) if (name !== 'page' && !filters.includes(name)) return false
  return true
}

/** `/v2/…` and other versions: not the app's routes, and not served. */
const OTHER_VERSION_PATH = /^\/v[0-9]+(\/|\?|$)/

/** Builds the catalogue service (and, if asked, the app's hosting); call `listen` or `inject` on the result. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const demo = !options.apiKeys || options.apiKeys.length === 0
  const keys = new KeyRing(demo ? [DEMO_KEY] : (options.apiKeys as string[]))
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  const limiter = rateLimit > 0 ? new TokenBucketLimiter(rateLimit) : null
  const refusedKeys = new TokenBucketLimiter(REFUSED_KEY_RATE, undefined, REFUSED_KEY_BURST)
  const trustProxy = options.trustProxy ?? null
  const configuredBase = options.publicUrl ?? null
  const logger = createLogger(options.log ?? null)
  const staticDir = options.hosting && 'staticDir' in options.hosting ? options.hosting.staticDir : null
  const lifecycle = options.lifecycle ?? new Lifecycle()
  const service = new CatalogueService(options.cache)

  const gate = new ApiGate(keys, limiter, refusedKeys, demo)
  const fastPath = new FastPath(gate, clientAddressOf(trustProxy), logger)
  /** Runs the gate for a Fastify request: answers a refusal, or adds the RateLimit headers; true to go on. */
  const admit = (request: FastifyRequest, reply: FastifyReply): boolean | Promise<boolean> => {
    const apply = (outcome: GateOutcome) => {
      request.keyId = outcome.keyId
      reply.headers(outcome.headers)
      if (outcome.ok) return true
      sendError(reply, outcome.status, outcome.message)
      return false
    }
    const outcome = gate.check(request.headers.authorization, request.ip)
    return outcome instanceof Promise ? outcome.then(apply) : apply(outcome)
  }

  const app = Fastify({
    loggerInstance: logger,
    // One line per request, written by the onResponse hook below with the fields of contract §10.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_IDS_SEGMENT_LENGTH },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, logger),
    // Repeated API requests are answered before routing (see FastPath); everything else goes to Fastify.
    serverFactory: (handler) => {
      // A request without Host reaches the hook below, which refuses it with the contract's JSON error.
      const server = createServer({ requireHostHeader: false }, (request, response) => {
        if (!fastPath.handle(request, response)) handler(request, response)
      })
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT
      limitConnections(server, options, lifecycle, logger)
      answerOutsideRoutes(server, logger)
      return server
    },
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT,
    connectionTimeout: SEND_TIMEOUT_MS,
    trustProxy: fastifyTrustProxy(trustProxy),
    // A navigation to an address the router cannot decode still gets the app (which shows its not-found page).
    rewriteUrl: (request) => {
      const url = request.url ?? '/'
      return staticDir !== null && isUndecodableNavigation(request) && !isApiPath(url) ? '/' : url
    },
    // Malformed percent-encoding and over-long id lists never reach a route; answer them like any bad input.
    frameworkErrors(error, request, reply) {
      const started = performance.now()
      reply.raw.once('finish', () => logRequest(logger, factsOf(request, reply, performance.now() - started)))
      reply.headers(CORS_ANSWER_HEADERS).header('x-request-id', request.id)
      const url = request.raw.url ?? ''
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MESSAGES.tooLong : MESSAGES.badUrl
      const refuse = (admitted: boolean) => {
        if (admitted) sendError(reply, 400, message)
      }
      const admitted = isApiPath(url) ? admit(request, reply) : true
      if (admitted instanceof Promise) admitted.then(refuse)
      else refuse(admitted)
    },
  })

  app.decorate('lifecycle', lifecycle)
  app.decorateRequest('keyId', undefined)
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })
  await app.register(fastifyCors, CORS_OPTIONS)

  app.addHook('onRequest', (request, reply, done) => {
    const refusal = hostRefusal(request.raw)
    if (refusal !== null) {
      sendError(reply, 400, refusal)
      return
    }
    done()
  })

  // Authentication comes first on every API path, so an unauthenticated caller learns nothing, not even
  // whether the path exists; then the rate limit; then the method. The matched route decides what is the API
  // (the router decodes `/%761/…` and reads absolute-form targets), the prefix only for unknown paths.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.api && !isApiPath(request.url)) return done()
    const proceed = (admitted: boolean) => {
      if (!admitted) return
      if (request.routeOptions.config.methodNotAllowed) sendMethodNotAllowed(reply)
      else done()
    }
    const admitted = admit(request, reply)
    if (admitted instanceof Promise) admitted.then(proceed, done)
    else proceed(admitted)
  })

  app.addHook('onResponse', (request, reply, done) => {
    logRequest(logger, factsOf(request, reply, reply.elapsedTime))
    done()
  })

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error.statusCode, error.message)
    const status = (error as { statusCode?: number }).statusCode
    // A file name the file system refuses (too long, say) is simply not there.
    if (status === 403 || status === 404) {
      return sendError(reply, 404, isApiPath(request.url) ? MESSAGES.unknownPath : MESSAGES.notFound)
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return sendError(reply, status, status === 413 ? 'The request body is too large.' : MESSAGES.badRequest)
    }
    logger.error({ reqId: request.id, path: loggedPath(request.url), err: error }, 'internal error')
    return sendError(reply, 500, MESSAGES.internal)
  })

  // Every method Node parses reaches the 405 routes (CONNECT never reaches a route handler in Node).
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method))
      app.addHttpMethod(method, { hasBody: true })
  }
  const allowed = new Set<string>(ALLOWED_METHODS)
  const otherMethods = app.supportedMethods.filter((method) => !allowed.has(method))
  const refuseMethod = (_request: FastifyRequest, reply: FastifyReply) => sendMethodNotAllowed(reply)
  const base = (request: FastifyRequest) => publicBase(request, configuredBase)
  const answer = (request: FastifyRequest, reply: FastifyReply, body: Representation, canonical = true) => {
    fastPath.remember(request.raw, body, canonical)
    return sendRepresentation(request, reply, body)
  }
  app.decorate('cacheStats', () => ({ ...service.cacheStats(), fastPath: fastPath.stats() }))

  for (const collection of options.store.collections) {
    const listUrl = collection.collection.itemPath
    const itemUrl = `${listUrl}/:ids`
    app.get(listUrl, { config: { api: true } }, (request, reply) =>
      answer(
        request,
        reply,
        service.list(collection, request.query as Record<string, unknown>, base(request)),
        onlyKnownParameters(collection, request.query as Record<string, unknown>),
      ),
    )
    app.get<{ Params: { ids: string } }>(itemUrl, { config: { api: true } }, (request, reply) =>
      answer(request, reply, service.byIds(collection, request.params.ids, base(request))),
    )
    for (const url of [listUrl, itemUrl]) {
      app.route({
        method: otherMethods,
        url,
        config: { api: true, methodNotAllowed: true },
        handler: refuseMethod,
      })
    }
  }
  registerExplorerConfig(app, demo ? DEMO_KEY : null)
  const hosting = options.hosting ?? null
  if (hosting && 'staticDir' in hosting) await registerStaticApp(app, hosting.staticDir)

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendError(reply, 404, MESSAGES.unknownPath)
    if (OTHER_VERSION_PATH.test(routedPath(request.url))) return sendError(reply, 404, MESSAGES.otherVersion)
    if (hosting && 'staticDir' in hosting && isAppNavigation(request)) return sendAppIndex(reply)
    if (hosting && 'middleware' in hosting) {
      reply.hijack()
      hosting.middleware(request.raw, reply.raw, () => {
        reply.raw.writeHead(404, {
          ...CORS_ANSWER_HEADERS,
          'content-type': JSON_CONTENT_TYPE,
          'cache-control': ERROR_CACHE_CONTROL,
        })
        reply.raw.end(errorBody(MESSAGES.notFound))
      })
      return reply
    }
    return sendError(reply, 404, MESSAGES.notFound)
  })

  return app
}
