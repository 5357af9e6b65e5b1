import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'

export type TrustProxy = boolean | number | string | null

/** Whether the proxy at `address`, `hop` steps from the service (0: the TCP peer), is trusted. */
export type TrustFunction = (address: string, hop: number) => boolean

/** `CATALOGUE_TRUST_PROXY` as Fastify's `trustProxy` takes it (a number of hops becomes a function). */
export function fastifyTrustProxy(trust: TrustProxy) {
  if (trust === null) return false
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust
  return trust
}

/** The trust rule of `CATALOGUE_TRUST_PROXY` as a function, or null when nothing is trusted. */
export function trustFunction(trust: TrustProxy): TrustFunction | null {
  if (trust === null || trust === false) return null
  if (trust === true) return () => true
  if (typeof trust === 'number') return (_address, hop) => hop < trust
  return proxyAddr.compile(trust.split(',').map((item) => item.trim()))
}

/**
 * The client address of a raw request by the same rule Fastify applies for `request.ip`, for the code that
 * answers before Fastify (the response cache's fast path).
 */
export function clientAddressOf(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustFunction(trust)
  if (trusted === null) return (request) => request.socket.remoteAddress ?? '-'
  return (request) => proxyAddr(request, trusted)
}

/**
 * The peers the per-address connection cap leaves out (contract §11): those an address list in
 * CATALOGUE_TRUST_PROXY names. `true` or a number of hops names no one, so exempts no one.
 */
export function exemptFromAddressCap(trust: TrustProxy): (address: string) => boolean {
  if (typeof trust !== 'string') return () => false
  const trusted = proxyAddr.compile(trust.split(',').map((item) => item.trim()))
  return (address) => trusted(address, 0)
}
