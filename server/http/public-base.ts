import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { type TrustFunction, type TrustProxy, trustFunction } from './client-address'
import { ApiError, MESSAGES } from './errors'
import { isHost } from './host'

const socketScheme = (request: IncomingMessage) =>
  (request.socket as TLSSocket).encrypted ? 'https' : 'http'

/** The last value of a header a proxy may have appended to (`a, b`): the one the nearest proxy set. */
function lastEntry(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined
  const text = typeof value === 'string' ? value : (value.at(-1) ?? '')
  const comma = text.lastIndexOf(',')
  return (comma === -1 ? text : text.slice(comma + 1)).trim()
}

/** A forwarded scheme counts only when it is http or https (any letter case); anything else is ignored. */
function forwardedScheme(value: string | string[] | undefined): 'http' | 'https' | null {
  const scheme = lastEntry(value)?.toLowerCase()
  return scheme === 'http' || scheme === 'https' ? scheme : null
}

/**
 * The base of every address the service writes for a request: CATALOGUE_PUBLIC_URL when configured; otherwise
 * the request's scheme and host. Behind a proxy CATALOGUE_TRUST_PROXY trusts (the TCP peer matches it), the
 * scheme and host are the ones that proxy forwarded (`X-Forwarded-Proto`, `X-Forwarded-Host`, their last
 * values, as Fastify reads them); a forwarded scheme other than http or https is ignored and the socket's used.
 * Both the routes and the response cache in front of them key their answers on it, so no answer built for one
 * base is ever served for another (contract §11).
 */
export class PublicBase {
  /**
   * The base for a request, its host not yet checked (the response cache's key: only checked ones are kept).
   * The headers are passed apart since the response cache reads them from the raw list.
   */
  readonly of: (request: IncomingMessage, headers: ForwardingHeaders) => string

  constructor(
    private readonly configured: string | null,
    trust: TrustProxy,
  ) {
    this.of = configured === null ? requestBase(trustFunction(trust)) : () => configured
  }

  /** The base for a request the routes answer; a host that is not a host name is refused, never echoed. */
  checked(request: IncomingMessage): string {
    const base = this.of(request, request.headers)
    if (this.configured === null && !isHost(base.slice(base.indexOf('://') + 3)))
      throw new ApiError(400, MESSAGES.badHost)
    return base
  }
}

/** The headers the public base is made of. */
export interface ForwardingHeaders {
  host?: string | undefined
  'x-forwarded-proto'?: string | string[] | undefined
  'x-forwarded-host'?: string | string[] | undefined
}

type RequestBase = (request: IncomingMessage, headers: ForwardingHeaders) => string

function requestBase(trusted: TrustFunction | null): RequestBase {
  const hostOf = (request: IncomingMessage, headers: ForwardingHeaders) =>
    headers.host || `localhost:${request.socket.localPort}`
  const direct: RequestBase = (request, headers) => `${socketScheme(request)}://${hostOf(request, headers)}`
  if (trusted === null) return direct
  return (request, headers) => {
    if (!trusted(request.socket.remoteAddress ?? '', 0)) return direct(request, headers)
    const scheme = forwardedScheme(headers['x-forwarded-proto']) ?? socketScheme(request)
    return `${scheme}://${lastEntry(headers['x-forwarded-host']) || hostOf(request, headers)}`
  }
}
