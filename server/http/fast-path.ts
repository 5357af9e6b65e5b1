import type { IncomingMessage, ServerResponse } from 'node:http'
import { API_PREFIX } from '../../src/catalogue'
import { ByteBoundedCache, type CacheStats } from '../byte-cache'
import type { ApiGate, GateOutcome } from './api-gate'
import { CORS_ANSWER_HEADERS } from './cors'
import { ERROR_CACHE_CONTROL, errorBody, JSON_CONTENT_TYPE } from './errors'
import { negotiate, type Representation } from './representation'
import { bodyBytes, callerRequestId, type Logger, logRequest } from './request-log'

/**
 * A response cache in front of the router. Once Fastify has answered a GET with a 200 body, the exact address
 * (with its Host) is remembered with that body; the next GET or HEAD of the same address is answered here at
 * close to the cost of a bare `node:http` server, through the same gate (`ApiGate`: key, failed-key throttle,
 * rate) and the same log line (`logRequest`) as Fastify's routes. Anything not remembered goes to Fastify.
 */
export class FastPath {
  private readonly bodies: ByteBoundedCache<Representation>

  constructor(
    private readonly gate: ApiGate,
    private readonly clientAddress: (request: IncomingMessage) => string,
    private readonly logger: Logger,
  ) {
    this.bodies = new ByteBoundedCache(FAST_PATH_BYTES, (body) => body.budgetSize, 20_000)
  }

  /**
   * Called by the routes once they have a 200 body for this request. `canonical` says the address holds
   * nothing the answer ignores (unknown parameters): only such addresses are kept, so a stream of requests
   * with junk parameters cannot fill the cache with keys.
   */
  remember(request: IncomingMessage, body: Representation, canonical: boolean): void {
    const { method, headers } = request
    if (canonical && (method === 'GET' || method === 'HEAD') && headers.host !== undefined)
      this.bodies.set(addressOf(request), body)
  }

  stats(): CacheStats {
    return this.bodies.stats()
  }

  /** Forgets every remembered body (the dataset was replaced). */
  clear(): void {
    this.bodies.clear()
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
    const reqId = callerRequestId(headers['x-request-id'])
    const client = this.clientAddress(request)
    const answer = (outcome: GateOutcome) => {
      response.setHeader('x-request-id', reqId)
      for (const [name, value] of Object.entries(outcome.headers)) response.setHeader(name, value)
      let status: number
      let bytes: number
      if (outcome.ok) {
        const negotiated = negotiate(body, headers['accept-encoding'], headers['if-none-match'])
        status = negotiated.status
        bytes = negotiated.variant.body.length
        response.writeHead(status, negotiated.headers)
        if (status === 304) response.end()
        else response.end(negotiated.variant.body)
      } else {
        const error = errorBody(outcome.message)
        status = outcome.status
        bytes = Buffer.byteLength(error)
        response.writeHead(status, {
          ...CORS_ANSWER_HEADERS,
          'content-type': JSON_CONTENT_TYPE,
          'cache-control': ERROR_CACHE_CONTROL,
          'content-length': bytes,
        })
        response.end(error)
      }
      logRequest(this.logger, {
        reqId,
        method,
        path: url.split('?', 1)[0] as string,
        status,
        ms: performance.now() - started,
        bytes: bodyBytes(method, status, bytes),
        client,
        ...(outcome.keyId === undefined ? {} : { keyId: outcome.keyId }),
      })
    }
    const outcome = this.gate.check(headers.authorization, client)
    if (outcome instanceof Promise) outcome.then(answer, () => response.destroy())
    else answer(outcome)
    return true
  }
}

function addressOf(request: IncomingMessage): string {
  return `${request.headers.host}\n${request.url}`
}

const API_PREFIX_PATH = `${API_PREFIX}/`
const FAST_PATH_BYTES = 32 * 1024 * 1024

type WantedHeader = 'host' | 'authorization' | 'accept-encoding' | 'if-none-match' | 'x-request-id'
const WANTED = new Set<string>(['host', 'authorization', 'accept-encoding', 'if-none-match', 'x-request-id'])

/**
 * The headers the fast path reads, straight from the raw list: Node builds `request.headers` (every name
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
