import type { Server } from 'node:http'
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from '../config'
import type { Lifecycle } from '../lifecycle'
import { exemptFromAddressCap, type TrustProxy } from './client-address'
import { type ConnectionLimits, guardConnections } from './connection-guard'
import type { Logger } from './request-log'

/** A connection that has sent no byte is closed after this long (ms): silent connections cannot pile up. */
export const SILENT_CONNECTION_MS = 10_000
/** A request's head must arrive whole within this long (ms) of its first byte (contract §11). */
export const HEADERS_TIMEOUT_MS = 10_000
/** A connection where nothing moves (a client that stops reading an answer) is closed after this long (ms). */
export const SEND_TIMEOUT_MS = 30_000
/** Fastify's default: idle keep-alive connections stay open this long (ms) (closed first at a cap). */
export const KEEP_ALIVE_TIMEOUT = 72_000
/** Refused connections are logged at most this often (ms), with the running count. */
const REFUSAL_LOG_INTERVAL = 10_000

/** The public listener's connection limits, from `buildApp`'s options and CATALOGUE_TRUST_PROXY. */
export function connectionLimits(
  options: {
    maxConnections?: number
    maxConnectionsPerAddress?: number
    silentConnectionMs?: number
    headersTimeoutMs?: number
  },
  trustProxy: TrustProxy,
): ConnectionLimits {
  return {
    maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    maxConnectionsPerAddress: options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    silentConnectionMs: options.silentConnectionMs ?? SILENT_CONNECTION_MS,
    headersTimeoutMs: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
    sendTimeoutMs: SEND_TIMEOUT_MS,
    exempt: exemptFromAddressCap(trustProxy),
  }
}

/**
 * The public listener's connection rules (see guardConnections): each refusal is counted in the lifecycle
 * (read by the metrics) and the count logged now and then.
 */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  lifecycle: Lifecycle,
  logger: Logger,
): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT
  let loggedAt = Number.NEGATIVE_INFINITY
  guardConnections(server, limits, (by) => {
    lifecycle.refusedConnections++
    const now = performance.now()
    if (now - loggedAt < REFUSAL_LOG_INTERVAL) return
    loggedAt = now
    logger.warn(
      {
        refusedConnections: lifecycle.refusedConnections,
        maxConnections: limits.maxConnections,
        maxConnectionsPerAddress: limits.maxConnectionsPerAddress,
      },
      by === 'total'
        ? 'Connection cap reached: refusing new connections while every open one has an answer in progress'
        : 'Connection cap of an address reached: refusing its new connections while each of its open ones has an answer in progress',
    )
  })
}
