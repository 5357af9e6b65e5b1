import type { IncomingMessage } from 'node:http'
import { API_PREFIX } from '../../src/catalogue'
import { ByteBoundedCache, type CacheStats } from '../byte-cache'
import { chooseEncoding } from './compression'
import { isHost } from './host'
import type { PublicBase } from './public-base'
import type { Representation } from './representation'

/** The headers read from a request answered from the response cache. */
export interface WantedHeaders {
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
 * under the same public base (scheme and host: every address in a body holds it) is remembered with that
 * body; the next GET or HEAD of it is answered outside Fastify (see FrontDoor) at close to the cost of a bare
 * `node:http` server. Anything not remembered goes to Fastify.
 */
export class ResponseCache {
  private readonly bodies: ByteBoundedCache<Representation>

  constructor(private readonly baseOf: PublicBase['of']) {
    this.bodies = new ByteBoundedCache(RESPONSE_CACHE_BYTES, (body) => body.budgetSize, 20_000)
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

  /**
   * The remembered body for a request and the headers it was read with, or undefined for Fastify to answer
   * it: not a GET or HEAD under the API, a repeated header, a Host the routes would refuse (the base may not
   * hold it: a configured or forwarded one), nothing remembered, or a compressed form still to be made off
   * the event loop (the route waits for it).
   */
  lookup(request: IncomingMessage): { body: Representation; headers: WantedHeaders } | undefined {
    const { method, url } = request
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || !url.startsWith(API_PREFIX_PATH))
      return undefined
    const headers = readHeaders(request.rawHeaders)
    if (headers === null || headers.host === undefined || !isHost(headers.host)) return undefined
    // Insertion order is good enough here: an evicted address costs one pass through Fastify.
    const body = this.bodies.peek(addressOf(this.baseOf(request, headers), url))
    if (body === undefined || body.variant(chooseEncoding(headers['accept-encoding'])) === null)
      return undefined
    return { body, headers }
  }

  stats(): CacheStats {
    return this.bodies.stats()
  }

  /** Forgets every remembered body (the dataset was replaced). */
  clear(): void {
    this.bodies.clear()
  }
}

function addressOf(base: string, url: string): string {
  return `${base}\n${url}`
}

const API_PREFIX_PATH = `${API_PREFIX}/`
const RESPONSE_CACHE_BYTES = 32 * 1024 * 1024

const isWanted = (name: string): name is keyof WantedHeaders =>
  name === 'host' ||
  name === 'authorization' ||
  name === 'accept-encoding' ||
  name === 'if-none-match' ||
  name === 'x-request-id' ||
  name === 'x-forwarded-proto' ||
  name === 'x-forwarded-host'

/**
 * The headers the cache reads, straight from the raw list: Node builds `request.headers` (every name
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
