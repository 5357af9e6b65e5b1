import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Registry } from 'prom-client'
import { type ConnectionLimits, guardConnections, guardedServerOptions } from '../http/connection-guard'
import { HEADERS_TIMEOUT_MS, SEND_TIMEOUT_MS, SILENT_CONNECTION_MS } from '../http/listener'

export const METRICS_PATH = '/metrics'
/** Open connections at most on the metrics listener: a scraper or two need a handful. */
export const METRICS_MAX_CONNECTIONS = 32

export interface MetricsListener {
  /** `http://host:port` */
  origin: string
  close(): Promise<void>
}

/**
 * The metrics listener (contract §10): `GET /metrics` in Prometheus text format on a port of its own, so the
 * public port never shows them. Anything else is 404. It keeps the public listener's connection rules with a
 * small cap of its own (contract §11): silent connections and trickling request heads are closed, idle ones
 * make room for new ones. `timeouts` are for the tests.
 */
export async function listenForMetrics(
  registry: Registry,
  port: number,
  host: string,
  timeouts: Partial<Pick<ConnectionLimits, 'silentConnectionMs' | 'headersTimeoutMs'>> = {},
): Promise<MetricsListener> {
  const limits: ConnectionLimits = {
    maxConnections: METRICS_MAX_CONNECTIONS,
    maxConnectionsPerAddress: METRICS_MAX_CONNECTIONS,
    silentConnectionMs: timeouts.silentConnectionMs ?? SILENT_CONNECTION_MS,
    headersTimeoutMs: timeouts.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
    sendTimeoutMs: SEND_TIMEOUT_MS,
    exempt: () => false,
  }
  const server: Server = createServer(guardedServerOptions(limits), (request, response) => {
    const path = (request.url ?? '').split('?', 1)[0]
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Only GET /metrics here.\n')
      return
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
        response.end(request.method === 'HEAD' ? undefined : text)
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${String(error)}\n`)
      },
    )
  })
  server.timeout = SEND_TIMEOUT_MS
  // Refusals here are not counted: the metrics count the public listener's.
  guardConnections(server, limits, () => undefined)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address() as AddressInfo
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    origin: `http://${shown}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
