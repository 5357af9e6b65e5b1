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
 * a short time. Once a whole request head has arrived, the send timeout (Fastify's `connectionTimeout`)
 * applies; a connection that starts a request and stalls keeps the short one.
 *
 * The switch happens on the server's `request` event, not on the socket's first `data`: a `data` listener on
 * a socket takes it off Node's native parser path (every byte then goes through JavaScript streams), which
 * cost about 15 µs of CPU on every request of the connection.
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
  const silent = new WeakSet<Socket>()
  server.on('connection', (socket: Socket) => {
    socket.setTimeout(limits.silentConnectionMs)
    silent.add(socket)
  })
  server.prependListener('request', ({ socket }) => {
    if (silent.delete(socket)) socket.setTimeout(server.timeout)
  })
}
