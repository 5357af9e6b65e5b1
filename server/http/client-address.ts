import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'

export type TrustProxy = boolean | number | string | null

/** `CATALOGUE_TRUST_PROXY` as Fastify's `trustProxy` takes it (a number of hops becomes a function). */
export function fastifyTrustProxy(trust: TrustProxy) {
  if (trust === null) return false
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust
  return trust
}

/**
 * The client address of a raw request by the same rule Fastify applies for `request.ip`, for the code that
 * answers before Fastify (the response cache's fast path).
 */
export function clientAddressOf(trust: TrustProxy): (request: IncomingMessage) => string {
  if (trust === null || trust === false) return (request) => request.socket.remoteAddress ?? '-'
  const trusted =
    trust === true
      ? () => true
      : typeof trust === 'number'
        ? (_address: string, hop: number) => hop < trust
        : proxyAddr.compile(trust.split(',').map((item) => item.trim()))
  return (request) => proxyAddr(request, trusted)
}
