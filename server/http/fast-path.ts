import type { IncomingMessage, ServerResponse } from 'node:http'
import { API_PREFIX } from '../../src/catalogue'
import { ByteBoundedCache, type CacheStats } from '../byte-cache'
import type { ApiGate, GateOutcome } from './api-gate'
import { chooseEncoding } from './compression'
import { errorBody } from './errors'
import { isHost } from './host'
import type { PublicBase } from './public-base'
import { rawErrorHeaders } from './raw-answers'
import { type Negotiated, negotiate, type Representation } from './representation'
import { bodyBytes, callerRequestId, loggedPath, type RequestLog } from './request-log'

/** The headers the fast path reads from a request. */
interface WantedHeaders {
  host?: string
  authorization?: string
  'accept-encoding'?: string
  'if-none-match'?: string
  'x-request-id'?: string
  'x-forwarded-proto'?: string
  'x-forwarded-host'?: string
}

/**
 * A response cache in front of the router. Once Fastify has answered a GET with a 200 body, the exact address
 * (with its Host) is remembered with that body; the next GET or HEAD of the same address is answered here at
 * close to the cost of a bare `node:http` server, through the same gate (`ApiGate`: key, failed-key throttle,
 * rate) and the same log line (`RequestLog`) as Fastify's routes. Anything not remembered goes to Fastify.
 *
 * This is the busiest code of the service, so it allocates little: no closure per request (unless the gate
 * waits on Redis), the answer's headers as one flat list built from the variant's ready-made one.
 */
export class FastPath {
  private readonly bodies: ByteBoundedCache<Representation>

  constructor(
    private readonly gate: ApiGate,
    private readonly clientAddress: (request: IncomingMessage) => string,
    private readonly requests: RequestLog,
    /** The public base of a request (see PublicBase): part of every key, as every address in a body holds it. */
    private readonly baseOf: PublicBase['of'],
  ) {
    this.bodies = new ByteBoundedCache(FAST_PATH_BYTES, (body) => body.budgetSize, 20_000)
  }

  /**
   * Called by the routes once they have a 200 body for this request. `canonical` says the address holds
   * nothing the answer ignores (unknown parameters): only such addresses are kept, so a stream of requests
   * with junk parameters cannot fill the cache with keys.
   */
  remember(request: IncomingMessage, body: Representation, canonical: boolean): void {
    const { method } = request
    if (canonical && (method === 'GET' || method === 'HEAD'))
      this.bodies.set(addressOf(this.baseOf(request, request.headers), request.url ?? ''), body)
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
    // A Host the routes would refuse is theirs to refuse (the base may not hold it: a configured or forwarded one).
    if (headers === null || headers.host === undefined || !isHost(headers.host)) return false
    // Insertion order is good enough here: an evicted address costs one pass through Fastify.
    const body = this.bodies.peek(addressOf(this.baseOf(request, headers), url))
    // A compressed form still to be made off the event loop: Fastify's route waits for it.
    if (body === undefined || body.variant(chooseEncoding(headers['accept-encoding'])) === null) return false
    const client = this.clientAddress(request)
    const outcome = this.gate.check(headers.authorization, client)
    if (outcome instanceof Promise) {
      outcome.then(
        (settled) => this.answer(response, method, url, headers, body, client, started, settled),
        () => response.destroy(),
      )
    } else {
      this.answer(response, method, url, headers, body, client, started, outcome)
    }
    return true
  }

  private answer(
    response: ServerResponse,
    method: string,
    url: string,
    headers: WantedHeaders,
    body: Representation,
    client: string,
    started: number,
    outcome: GateOutcome,
  ): void {
    const reqId = callerRequestId(headers['x-request-id'])
    let status: number
    let bytes: number
    if (outcome.ok) {
      // Checked in `handle`: the form exists.
      const negotiated = negotiate(body, headers['accept-encoding'], headers['if-none-match']) as Negotiated
      status = negotiated.status
      bytes = negotiated.variant.body.length
      response.writeHead(status, answerHeaders(negotiated.headerList, reqId, outcome.headers))
      if (status === 304) response.end()
      else response.end(negotiated.variant.body)
    } else {
      const error = errorBody(outcome.message)
      status = outcome.status
      bytes = Buffer.byteLength(error)
      response.writeHead(status, { ...rawErrorHeaders(outcome.headers, error), 'x-request-id': reqId })
      response.end(error)
    }
    this.requests.write({
      reqId,
      method,
      path: loggedPath(url),
      status,
      ms: performance.now() - started,
      bytes: bodyBytes(method, status, bytes),
      client,
      keyId: outcome.keyId,
    })
  }
}

/**
 * The headers of an answer as Node's `writeHead` takes them flat (name, value, name, value…): the variant's,
 * the request id and the gate's (RateLimit-*). Node then validates them once, as it does a bare server's.
 */
function answerHeaders(variant: readonly string[], reqId: string, gate: Record<string, string>): string[] {
  const list = variant.concat('x-request-id', reqId)
  for (const name in gate) list.push(name, gate[name] as string)
  return list
}

/** The response cache's key: the same address under the same public base (every address in a body holds it). */
function addressOf(base: string, url: string): string {
  return `${base}\n${url}`
}

const API_PREFIX_PATH = `${API_PREFIX}/`
const FAST_PATH_BYTES = 32 * 1024 * 1024

const isWanted = (name: string): name is keyof WantedHeaders =>
  name === 'host' ||
  name === 'authorization' ||
  name === 'accept-encoding' ||
  name === 'if-none-match' ||
  name === 'x-request-id' ||
  name === 'x-forwarded-proto' ||
  name === 'x-forwarded-host'

/**
 * The headers the fast path reads, straight from the raw list: Node builds `request.headers` (every name
 * lower-cased) only when asked. Null when one of them is repeated: Fastify then sorts out what that means.
 */
function readHeaders(raw: string[]): WantedHeaders | null {
  const found: WantedHeaders = {}
  for (let index = 0; index < raw.length; index += 2) {
    const name = (raw[index] as string).toLowerCase()
    if (!isWanted(name)) continue
    if (found[name] !== undefined) return null
    found[name] = raw[index + 1] as string
  }
  return found
}
