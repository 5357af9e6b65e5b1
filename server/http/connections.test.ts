import { connect, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { ServiceMetrics } from '../operations/metrics'
import { serveForTests } from '../test/server'

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

/** Resolves with the milliseconds until the server closes `socket`. */
function closedAfter(socket: Socket): Promise<number> {
  const started = performance.now()
  return new Promise((resolve) => socket.on('close', () => resolve(performance.now() - started)))
}

function connectTo(): Promise<Socket> {
  const { port, hostname } = new URL(server.origin)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => resolve(socket))
    opened.push(socket)
    socket.on('error', () => undefined)
  })
}

describe('connections (contract §10)', { timeout: 20_000 }, () => {
  it('closes a connection that starts a request and stalls after the short timeout, not the send timeout', {
    timeout: 8_000,
  }, async () => {
    const socket = await connectTo()
    const closed = closedAfter(socket)
    socket.write('GET /v1/locations HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    // The short timeout is 400 ms here; the send timeout is 30 s.
    expect(await closed).toBeLessThan(5_000)
  })

  it('keeps serving a connection that sent a whole request past the short timeout', async () => {
    const socket = await connectTo()
    const answers: string[] = []
    socket.setEncoding('utf8').on('data', (chunk: string) => answers.push(chunk))
    const request =
      'GET /v1/locations/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer catalogue-demo-key\r\n\r\n'
    socket.write(request)
    await expect.poll(() => answers.join('')).toMatch(/^HTTP\/1\.1 200 /)
    // Idle for longer than the short timeout: the connection is kept alive, and the next request is answered.
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(socket.destroyed).toBe(false)
    socket.write(request)
    await expect.poll(() => answers.join('').match(/HTTP\/1\.1 200 /g)?.length).toBe(2)
  })

  it('closes silent connections first when they hold the cap, so a new client is served at once', async () => {
    const closed = Array.from({ length: 60 }, () => silentConnection())
    // 60 silent connections against a cap of 20: the oldest are closed to make room for the newer ones.
    let settled = 0
    for (const each of closed) void each.then(() => settled++)
    await expect.poll(() => settled, { timeout: 5_000 }).toBeGreaterThanOrEqual(40)
    const response = await server.get('/v1/locations/1')
    expect(response.status).toBe(200)
    expect(server.app.lifecycle.refusedConnections).toBe(0)
    // The rest are closed within the short timeout.
    await Promise.all(closed)
    // The metrics show the same count as the lifecycle (one count for the log and the metrics).
    const scraped = await metrics.registry.getSingleMetricAsString('catalogue_connections_dropped_total')
    expect(scraped).toContain(
      `catalogue_connections_dropped_total ${server.app.lifecycle.refusedConnections}`,
    )
  })
})
