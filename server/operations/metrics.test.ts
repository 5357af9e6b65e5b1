import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Lifecycle } from '../lifecycle'
import { serveForTests } from '../test/server'
import { routeLabel, ServiceMetrics } from './metrics'
import { listenForMetrics, type MetricsListener } from './metrics-server'

const metrics = new ServiceMetrics()
const service = serveForTests({ apiKeys: ['metrics-key-a'], rateLimit: 1, metrics })
let listener: MetricsListener
beforeAll(async () => {
  listener = await listenForMetrics(metrics.registry, 0, '127.0.0.1')
})
afterAll(() => listener.close())

async function scrape(): Promise<string> {
  const response = await fetch(`${listener.origin}/metrics`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return response.text()
}

/** The value of one sample line, such as `name{label="x"}`; NaN when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1))
}

describe('metrics', () => {
  it('counts requests by route, method and status (fast path included), refusals, caches and connections', async () => {
    for (let index = 0; index < 3; index++)
      await service.get('/v1/locations?page=2', { key: 'metrics-key-a' })
    await service.get('/v1/locations/12345', { key: 'metrics-key-a' })
    await service.get('/v1/locations', { key: 'not-a-key' })
    let limited = 0
    for (let index = 0; index < 8; index++) {
      if ((await service.get('/v1/episodes/1', { key: 'metrics-key-a' })).status === 429) limited++
    }
    expect(limited).toBeGreaterThan(0)

    const text = await scrape()
    expect(
      sample(text, 'catalogue_http_requests_total{route="/v1/locations",method="GET",status="200"}'),
    ).toBe(3)
    expect(
      sample(text, 'catalogue_http_requests_total{route="/v1/locations/{ids}",method="GET",status="404"}'),
    ).toBe(1)
    expect(sample(text, 'catalogue_auth_refused_total')).toBe(1)
    expect(sample(text, 'catalogue_rate_limited_total')).toBe(limited)
    expect(
      sample(text, 'catalogue_http_request_duration_seconds_count{route="/v1/episodes/{ids}",method="GET"}'),
    ).toBe(8)
    // The second and third page 2 were answered by the fast path, from its cache.
    expect(sample(text, 'catalogue_cache_hits_total{cache="fast-path"}')).toBeGreaterThanOrEqual(2)
    expect(sample(text, 'catalogue_cache_misses_total{cache="bodies"}')).toBeGreaterThanOrEqual(2)
    // What each cache holds now, keys counted: the bodies of the pages asked for, no first view (none asked).
    expect(sample(text, 'catalogue_cache_bytes{cache="bodies"}')).toBeGreaterThan(0)
    expect(sample(text, 'catalogue_cache_entries{cache="first-views"}')).toBe(0)
    expect(sample(text, 'catalogue_open_connections')).toBeGreaterThanOrEqual(0)
    expect(text).toContain('catalogue_nodejs_eventloop_lag_seconds ')
    expect(text).toContain('catalogue_connections_dropped_total 0')

    // Counts are kept as plain numbers and read at each scrape: a second scrape neither loses nor doubles them.
    const again = await scrape()
    expect(
      sample(again, 'catalogue_http_requests_total{route="/v1/locations",method="GET",status="200"}'),
    ).toBe(3)
    expect(
      sample(again, 'catalogue_http_request_duration_seconds_count{route="/v1/episodes/{ids}",method="GET"}'),
    ).toBe(8)
    // The key's bucket (1 a second) may be empty after the 429s above: asked until it is answered, once.
    await expect
      .poll(async () => (await service.get('/v1/locations?page=2', { key: 'metrics-key-a' })).status, {
        interval: 250,
        timeout: 5000,
      })
      .toBe(200)
    expect(
      sample(
        await scrape(),
        'catalogue_http_requests_total{route="/v1/locations",method="GET",status="200"}',
      ),
    ).toBe(4)
  })

  it('shows metrics only on their own listener, never on the public port', async () => {
    expect((await service.get('/metrics', { key: null })).status).toBe(404)
    expect((await service.get('/metrics', { key: 'metrics-key-a' })).status).toBe(404)
    expect((await fetch(`${listener.origin}/v1/locations`)).status).toBe(404)
  })

  it('times a request from its arrival, the handler’s own work included', async () => {
    const own = new ServiceMetrics()
    // The handler is registered first, as the service's is: the timing must still start before it runs.
    const server = createServer((_request, response) => {
      const until = performance.now() + 30
      while (performance.now() < until) {
        // busy, as a handler rendering a large answer
      }
      response.end('done')
    })
    own.instrument(server, new Lifecycle())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    await (await fetch(`http://127.0.0.1:${port}/readyz`)).text()
    server.close()
    const text = await own.registry.metrics()
    expect(
      sample(text, 'catalogue_http_request_duration_seconds_sum{route="/readyz",method="GET"}'),
    ).toBeGreaterThanOrEqual(0.03)
  })

  it('labels routes by template, so no request can add a label value of its own', () => {
    expect(routeLabel('/v1/locations/?page=2')).toBe('/v1/locations')
    expect(routeLabel('/v1/episodes')).toBe('/v1/episodes/')
    expect(routeLabel('/v1/episodes/[1,2]')).toBe('/v1/episodes/{ids}')
    expect(routeLabel('/v1/episodes/1/2')).toBe('/v1/other')
    expect(routeLabel('/readyz')).toBe('/readyz')
    expect(routeLabel(`/${'x'.repeat(5000)}`)).toBe('other')
  })
})
