import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { Lifecycle } from '../lifecycle'
import type { Logger } from './request-log'

/** A connection that has sent no byte is closed after this long (ms): silent connections cannot pile up. */
export const SILENT_CONNECTION_MS = 10_000
/** A connection where nothing moves (a client that stops reading an answer) is closed after this long (ms). */
export const SEND_TIMEOUT_MS = 30_000
/** Fastify's default: idle keep-alive connections stay open this long (ms). */
export const KEEP_ALIVE_TIMEOUT = 72_000
/** Refused connections are logged at most this often (ms), with the running count. */
const REFUSAL_LOG_INTERVAL = 10_000

/**
 * The connection rules of contract §10: at most `maxConnections` open (Node refuses the rest at once; each
 * refusal is counted and the count logged now and then), and a connection that sends nothing is closed after
 * a short time. Once it has sent a byte, the send timeout (Fastify's `connectionTimeout`) applies.
 */
export function limitConnections(
  server: Server,
  limits: { maxConnections: number; silentConnectionMs: number },
  lifecycle: Lifecycle,
  logger: Logger,
): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT
  server.maxConnections = limits.maxConnections
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
  server.on('connection', (socket: Socket) => {
    socket.setTimeout(limits.silentConnectionMs)
    socket.once('data', () => socket.setTimeout(server.timeout))
  })
}
