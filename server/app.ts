import { createServer, METHODS } from 'node:http'
import fastifyCompress from '@fastify/compress'
import fastifyCors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { API_PREFIX } from '../src/catalogue'
import type { CatalogueServiceOptions } from './catalogue/service'
import { DEFAULT_RATE_LIMIT, DEMO_KEY } from './config'
import type { CatalogueStore } from './dataset/store'
import {
  type AppHosting,
  isAppNavigation,
  isUnreadableAppNavigation,
  registerExplorerConfig,
  registerStaticApp,
  sendAppIndex,
  sendAppIndexFrom,
} from './hosting'
import { createApiGate, whenAdmitted } from './http/api-gate'
import { KeyRing } from './http/auth'
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
import { publicBase } from './http/public-base'
import { type KeyRateLimiter, TokenBucketLimiter } from './http/rate-limit'
import { answerClientError, answerOutsideRoutes } from './http/raw-answers'
import { type Representation, sendRepresentation } from './http/representation'
import { type LogSink, requestLine } from './http/request-log'
import { LiveCatalogue } from './operations/live-catalogue'
import type { ServiceMetrics } from './operations/metrics'
import { registerOperations } from './operations/plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** The dataset served, replaceable while serving (SIGHUP). */
    catalogue: LiveCatalogue
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
  /** Where the per-key buckets live, when shared with other replicas (Redis); default in-process. */
  limiter?: KeyRateLimiter | null
  /** Base of every address in responses; null (default) takes scheme and Host from each request. */
  publicUrl?: string | null
  /** The explorer app beside the API, or null (default) for the API alone. */
  hosting?: AppHosting | null
  /** Where request lines go; null (default) logs nothing. */
  log?: LogSink | null
  cache?: CatalogueServiceOptions
  /** True during the drain delay after SIGTERM (readiness answers 503). */
  draining?: () => boolean
  /** Where requests, caches and connections are counted; null (default) counts nothing. */
  metrics?: ServiceMetrics | null
}

/**
 * Longer than any address Node accepts (its header limit is 16 KiB), so every ids segment reaches the route
 * and gets the contract's answer (500 ids of 16 digits take about 8,500 characters).
 */
const MAX_IDS_SEGMENT_LENGTH = 65_536
/** Fastify's default: idle keep-alive connections stay open this long (ms). */
const KEEP_ALIVE_TIMEOUT = 72_000

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

/** `/v2/…` and other versions: not the app's routes, and not served. */
const OTHER_VERSION_PATH = /^\/v[0-9]+(\/|\?|$)/

/** Builds the catalogue service (and, if asked, the app's hosting); call `listen` or `inject` on the result. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const demo = !options.apiKeys || options.apiKeys.length === 0
  const keys = new KeyRing(demo ? [DEMO_KEY] : (options.apiKeys as string[]))
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  const limiter = rateLimit > 0 ? (options.limiter ?? new TokenBucketLimiter(rateLimit, keys.size)) : null
  const configuredBase = options.publicUrl ?? null
  const log = options.log ?? null
  const live = new LiveCatalogue(options.store, options.cache)

  const staticDir = options.hosting && 'staticDir' in options.hosting ? options.hosting.staticDir : null
  const admit = createApiGate(keys, limiter)
  const fastPath = new FastPath(keys, limiter, log)

  const app = Fastify({
    logger: false,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_IDS_SEGMENT_LENGTH },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, log),
    // Repeated API requests are answered before routing (see FastPath); everything else goes to Fastify.
    serverFactory: (handler) => {
      // A request without Host reaches the hook below, which refuses it with the contract's JSON error.
      const server = createServer({ requireHostHeader: false }, (request, response) => {
        if (!fastPath.handle(request, response)) handler(request, response)
      })
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT
      answerOutsideRoutes(server, log)
      return server
    },
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT,
    // Malformed percent-encoding and over-long id lists never reach a route; answer them like any bad input.
    frameworkErrors(error, request, reply) {
      const started = performance.now()
      reply.raw.once('finish', () => {
        log?.(
          requestLine(
            request.raw.method ?? '',
            request.raw.url ?? '',
            reply.raw.statusCode,
            performance.now() - started,
          ),
        )
      })
      reply.headers(CORS_ANSWER_HEADERS)
      const url = request.raw.url ?? ''
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MESSAGES.tooLong : MESSAGES.badUrl
      whenAdmitted(isApiPath(url) ? admit(request, reply) : true, () => {
        if (
          error.code === 'FST_ERR_BAD_URL' &&
          staticDir &&
          !isApiPath(url) &&
          !OTHER_VERSION_PATH.test(routedPath(url)) &&
          isUnreadableAppNavigation(request)
        ) {
          sendAppIndexFrom(staticDir, reply).catch(() => sendError(reply, 400, MESSAGES.badUrl))
          return
        }
        sendError(reply, 400, message)
      })
    },
  })

  app.decorate('catalogue', live)
  live.onReplace(() => fastPath.forget())
  const metrics = options.metrics ?? null
  if (metrics) {
    metrics.instrument(app.server)
    metrics.addCaches(() => ({ ...live.cacheStats, 'fast-path': fastPath.cacheStats }))
  }

  await app.register(fastifyCors, CORS_OPTIONS)
  // Compresses the app's files and fallback answers; API bodies carry their own cached compressed forms.
  await app.register(fastifyCompress, { global: true, globalDecompression: false })

  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      sendError(reply, 400, MESSAGES.missingHost)
      return
    }
    done()
  })

  // Authentication comes first on every API path, so an unauthenticated caller learns nothing, not even
  // whether the path exists; then the rate limit; then the method. The matched route decides what is the API
  // (the router decodes `/%761/…` and reads absolute-form targets), the prefix only for unknown paths.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.api && !isApiPath(request.url)) return done()
    whenAdmitted(admit(request, reply), () => {
      if (request.routeOptions.config.methodNotAllowed) sendMethodNotAllowed(reply)
      else done()
    })
  })

  if (log) {
    app.addHook('onResponse', (request, reply, done) => {
      log(requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime))
      done()
    })
  }

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
    log?.(
      `${new Date().toISOString()} error ${request.method} ${request.url.split('?', 1)[0]}: ${String(error)}`,
    )
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
  const answer = (request: FastifyRequest, reply: FastifyReply, body: Representation) => {
    fastPath.remember(request.raw, body)
    return sendRepresentation(request, reply, body)
  }

  for (const { collection } of options.store.collections) {
    const listUrl = collection.itemPath
    const itemUrl = `${listUrl}/:ids`
    app.get(listUrl, { compress: false, config: { api: true } }, (request, reply) =>
      answer(
        request,
        reply,
        live.service.list(
          live.collection(collection.name),
          request.query as Record<string, unknown>,
          base(request),
        ),
      ),
    )
    app.get<{ Params: { ids: string } }>(
      itemUrl,
      { compress: false, config: { api: true } },
      (request, reply) =>
        answer(
          request,
          reply,
          live.service.byIds(live.collection(collection.name), request.params.ids, base(request)),
        ),
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
  registerOperations(app, {
    publicUrl: configuredBase,
    counts: () => live.counts,
    draining: options.draining,
  })
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
