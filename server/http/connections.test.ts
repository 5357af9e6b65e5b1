import { connect, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { ServiceMetrics } from '../operations/metrics'
import { parseLog, serveForTests } from '../test/server'

const metrics = new ServiceMetrics()
const server = serveForTests({ maxConnections: 20, silentConnectionMs: 400, metrics })
const opened: Socket[] = []
afterAll(() => {
  for (const socket of opened) socket.destroy()
})

/** Opens a connection that sends nothing; resolves when it closes (by the server, or refused). */
function silentConnection(): Promise<void> {
  const { port, hostname } = new URL(server.origin)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    opened.push(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => resolve())
  })
}

describe('connections (contract §10)', { timeout: 20_000 }, () => {
  it('refuses connections over the cap (counted and logged), closes silent ones, then serves again', async () => {
    const closed = Array.from({ length: 60 }, () => silentConnection())
    await expect.poll(() => server.app.lifecycle.refusedConnections, { timeout: 10_000 }).toBeGreaterThan(0)
    await expect
      .poll(() => parseLog(server.logs).some((entry) => entry.msg?.startsWith('Connection cap reached')), {
        timeout: 10_000,
      })
      .toBe(true)
    // Every silent connection is closed within the short timeout, so normal clients get in again.
    await Promise.all(closed)
    // The metrics show the same count as the lifecycle (one count for the log and the metrics).
    const scraped = await metrics.registry.getSingleMetricAsString('catalogue_connections_dropped_total')
    expect(scraped).toContain(
      `catalogue_connections_dropped_total ${server.app.lifecycle.refusedConnections}`,
    )
    expect(server.app.lifecycle.refusedConnections).toBeGreaterThan(0)
    const response = await server.get('/v1/locations/1')
    expect(response.status).toBe(200)
  })
})
