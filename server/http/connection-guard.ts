import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { addressGroup } from './address-group'

export interface ConnectionLimits {
  /** Open connections at most. */
  maxConnections: number
  /** Open connections at most from one address group (see addressGroup); exempt peers are not counted. */
  maxConnectionsPerAddress: number
  /** A connection that has not sent a whole request head after this long (ms) is closed. */
  silentConnectionMs: number
  /** A request's head must arrive whole within this long (ms) of its first byte: a total, not an idle time. */
  headersTimeoutMs: number
  /** Once a request head has arrived, a connection where nothing moves this long (ms) is closed. */
  sendTimeoutMs: number
  /** Peers never counted per address (the trusted proxies named by address). */
  exempt: (address: string) => boolean
}

/** Why a connection was refused: the cap on all connections, or the cap of its address. */
export type RefusedBy = 'total' | 'address'

const LAST_REQUEST = Symbol('last request')

/**
 * What Node's HTTP server keeps on a socket (the answer in progress; none between keep-alive requests), and
 * when its last request arrived, or when it opened (performance.now()).
 */
type HttpSocket = Socket & { _httpMessage?: unknown; [LAST_REQUEST]?: number }

/** Whether a connection may be closed to make room: it has no answer in progress (silent, or idle keep-alive). */
const isIdle = (socket: HttpSocket) => !socket._httpMessage

/**
 * Idle connections looked at, oldest first, to pick the one to close: the one whose last request (or opening)
 * is oldest among them. A busy client is idle for microseconds between two requests, so it is never that
 * one while holders of idle connections are among them, even on a machine so loaded that its requests wait.
 */
const IDLE_CANDIDATES = 64

/**
 * The options of `http.createServer` that go with `guardConnections`: the head deadline, which Node checks on
 * a timer (its default interval, 30 s, would let a head take up to 40 s).
 */
export function guardedServerOptions(limits: Pick<ConnectionLimits, 'headersTimeoutMs'>) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(50, limits.headersTimeoutMs / 4)),
  }
}

/**
 * The connection rules of contracts §10 and §11, kept by the service's own count of open connections by
 * address group and state, since Node's `maxConnections` refuses at accept without looking at either.
 *
 * - When a new connection finds a cap reached, an idle connection (silent, or keep-alive between requests)
 *   is closed to make room: of the same address for the per-address cap, the oldest of all for the total;
 *   only when every counted connection has an answer in progress is the new one refused.
 * - A connection that sends nothing is closed after `silentConnectionMs`; a request head must arrive whole
 *   within `headersTimeoutMs` of its first byte (Node's `headersTimeout`: create the server with
 *   `guardedServerOptions`);
 *   once a head has arrived, the send timeout applies.
 *
 * The switch of timeouts happens on the server's `request` event, not on the socket's first `data`: a `data`
 * listener on a socket takes it off Node's native parser path, which cost about 15 µs of CPU a request.
 */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  onRefused: (by: RefusedBy) => void,
): void {
  /** Every counted connection, oldest first, with its address group (null: exempt from the per-address cap). */
  const open = new Map<HttpSocket, string | null>()
  const byGroup = new Map<string, Set<HttpSocket>>()
  const silent = new WeakSet<Socket>()

  const forget = (socket: HttpSocket) => {
    const group = open.get(socket)
    if (group === undefined) return
    open.delete(socket)
    if (group === null) return
    const mine = byGroup.get(group)
    mine?.delete(socket)
    if (mine?.size === 0) byGroup.delete(group)
  }
  const close = (socket: HttpSocket) => {
    forget(socket)
    socket.destroy()
    return true
  }
  /**
   * Closes, of the oldest idle connections of `sockets`, the one idle longest; false when every one has an
   * answer in progress.
   */
  const closeOldestIdle = (sockets: Iterable<HttpSocket>) => {
    let chosen: HttpSocket | undefined
    let seen = 0
    for (const socket of sockets) {
      if (!isIdle(socket)) continue
      if (chosen === undefined || (socket[LAST_REQUEST] as number) < (chosen[LAST_REQUEST] as number))
        chosen = socket
      if (++seen === IDLE_CANDIDATES) break
    }
    return chosen !== undefined && close(chosen)
  }

  // After Node's own listener, which sets the socket's timeout to the server's (the send timeout).
  server.on('connection', (socket: HttpSocket) => {
    const address = socket.remoteAddress ?? ''
    const group = limits.exempt(address) ? null : addressGroup(address)
    const mine = group === null ? undefined : byGroup.get(group)
    if (mine !== undefined && mine.size >= limits.maxConnectionsPerAddress && !closeOldestIdle(mine)) {
      socket.destroy()
      onRefused('address')
      return
    }
    if (open.size >= limits.maxConnections && !closeOldestIdle(open.keys())) {
      socket.destroy()
      onRefused('total')
      return
    }
    open.set(socket, group)
    if (group !== null) {
      if (mine === undefined) byGroup.set(group, new Set([socket]))
      else mine.add(socket)
    }
    socket.once('close', () => forget(socket))
    // Counted from its opening until its first request: a new connection is not yet long idle.
    socket[LAST_REQUEST] = performance.now()
    socket.setTimeout(limits.silentConnectionMs)
    silent.add(socket)
  })
  server.prependListener('request', ({ socket }) => {
    ;(socket as HttpSocket)[LAST_REQUEST] = performance.now()
    if (silent.delete(socket)) socket.setTimeout(limits.sendTimeoutMs)
  })
}
