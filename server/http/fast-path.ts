import type { IncomingMessage, ServerResponse } from 'node:http'
import { API_PREFIX } from '../../src/catalogue'
import { rateLimitHeaders, tooManyRequests } from './api-gate'
import type { KeyRing } from './auth'
import { CORS_ANSWER_HEADERS } from './cors'
import { ERROR_CACHE_CONTROL, errorBody, JSON_CONTENT_TYPE } from './errors'
import { LruCache } from './lru-cache'
import type { KeyRateLimiter, RateLimitDecision } from './rate-limit'
import { negotiate, type Representation } from './representation'
import { type LogSink, requestLine } from './request-log'

/**
 * Answers repeated API requests before Fastify routes them. Once Fastify has answered a GET with a 200 body,
 * the exact address (with its Host) is remembered with that body; the next GET or HEAD of the same address
 * with an accepted key is answered here, with the same checks (key, rate), headers and log line, at close to
 * the cost of a bare `node:http` server. Anything else, including every refusal, goes to Fastify.
 */
export class FastPath {
  private readonly bodies: LruCache<Representation>

  constructor(
    private readonly keys: KeyRing,
    private readonly limiter: KeyRateLimiter | null,
    private readonly log: LogSink | null,
  ) {
    this.bodies = new LruCache(20_000, 32 * 1024 * 1024, (body) => body.budgetSize + 200)
  }

  get cacheStats(): { hits: number; misses: number } {
    return this.bodies.stats
  }

  /** Forgets every remembered body (after the dataset is replaced). */
  forget(): void {
    this.bodies.clear()
  }

  /** Called by the routes once they have a 200 body for this request. */
  remember(request: IncomingMessage, body: Representation): void {
    const { method, headers } = request
    if ((method === 'GET' || method === 'HEAD') && headers.host !== undefined)
      this.bodies.set(addressOf(request), body)
  }

  /** Answers the request and returns true, or returns false for Fastify to handle it. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const started = performance.now()
    const { method, url } = request
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || !url.startsWith(API_PREFIX_PATH))
      return false
    const headers = readHeaders(request.rawHeaders)
    if (headers === null || headers.host === undefined) return false
    // Insertion order is good enough here: an evicted address costs one pass through Fastify.
    const body = this.bodies.peek(`${headers.host}\n${url}`)
    if (body === undefined) return false
    const auth = this.keys.check(headers.authorization)
    if (!auth.ok) return false
    const answer = (decision: RateLimitDecision | null) => {
      if (decision && this.limiter) {
        for (const [name, value] of Object.entries(rateLimitHeaders(decision)))
          response.setHeader(name, value)
        if (!decision.allowed) {
          const error = errorBody(tooManyRequests(this.limiter, decision))
          response.writeHead(429, {
            ...CORS_ANSWER_HEADERS,
            'content-type': JSON_CONTENT_TYPE,
            'cache-control': ERROR_CACHE_CONTROL,
            'content-length': Buffer.byteLength(error),
          })
          response.end(error)
          this.log?.(requestLine(method, url, 429, performance.now() - started))
          return
        }
      }
      const negotiated = negotiate(body, headers['accept-encoding'], headers['if-none-match'])
      response.writeHead(negotiated.status, negotiated.headers)
      if (negotiated.status === 304) response.end()
      else response.end(negotiated.variant.body)
      this.log?.(requestLine(method, url, negotiated.status, performance.now() - started))
    }
    const decision = this.limiter ? this.limiter.take(auth.keyIndex) : null
    if (decision instanceof Promise) decision.then(answer)
    else answer(decision)
    return true
  }
}

function addressOf(request: IncomingMessage): string {
  return `${request.headers.host}\n${request.url}`
}

const API_PREFIX_PATH = `${API_PREFIX}/`

type WantedHeader = 'host' | 'authorization' | 'accept-encoding' | 'if-none-match'
const WANTED = new Set<string>(['host', 'authorization', 'accept-encoding', 'if-none-match'])

/**
 * The four headers the fast path reads, straight from the raw list: Node builds `request.headers` (every name
 * lower-cased) only when asked. Null when one of them is repeated: Fastify then sorts out what that means.
 */
function readHeaders(raw: string[]): Partial<Record<WantedHeader, string>> | null {
  const found: Partial<Record<WantedHeader, string>> = {}
  for (let index = 0; index < raw.length; index += 2) {
    const name = (raw[index] as string).toLowerCase()
    if (!WANTED.has(name)) continue
    if (found[name as WantedHeader] !== undefined) return null
    found[name as WantedHeader] = raw[index + 1] as string
  }
  return found
}
