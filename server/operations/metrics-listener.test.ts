import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ServiceMetrics } from './metrics'
import { listenForMetrics, type MetricsListener } from './metrics-server'

const metrics = new ServiceMetrics()
let listener: MetricsListener
const opened: Socket[] = []
beforeAll(async () => {
  listener = await listenForMetrics(metrics.registry, 0, '127.0.0.1', {
    silentConnectionMs: 800,
    headersTimeoutMs: 1_500,
  })
})
afterAll(async () => {
  for (const socket of opened) socket.destroy()
  await listener.close()
})

function silentConnection(): Promise<Socket> {
  const { port } = new URL(listener.origin)
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () => resolve(socket))
    opened.push(socket)
    socket.on('error', () => undefined)
  })
}

describe('the metrics listener (contract §11)', { timeout: 20_000 }, () => {
  it('holds at most its own small number of connections (32), closing silent ones, and still answers a scrape', async () => {
    const sockets = await Promise.all(Array.from({ length: 52 }, () => silentConnection()))
    await expect
      .poll(() => sockets.filter((socket) => !socket.destroyed && socket.readyState === 'open').length)
      .toBeLessThanOrEqual(32)
    const scrape = await fetch(`${listener.origin}/metrics`)
    expect(scrape.status).toBe(200)
    // Every silent connection is closed after the short timeout.
    await expect
      .poll(() => sockets.filter((socket) => socket.readyState === 'open').length, { timeout: 8_000 })
      .toBe(0)
  })

  it('closes a connection whose request head trickles in past the head timeout', async () => {
    const socket = await silentConnection()
    const closed = new Promise<number>((resolve) => {
      const started = performance.now()
      socket.once('close', () => resolve(performance.now() - started))
    })
    socket.write('GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 300)
    expect(await closed).toBeLessThan(6_000)
    clearInterval(trickle)
  })
})
