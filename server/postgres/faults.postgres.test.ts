import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { DEMO_KEY } from '../config'
import { freshDatabase, loadInto, openCatalogue } from '../test/postgres'
import { type PostgresCluster, startPostgres } from '../test/postgres-process'
import { shippedDataset } from '../test/server'
import { startServiceProcess } from '../test/service-process'

/** The database's deadline in this file: a paused database is given up on after it. */
const TIMEOUT_MS = 1_500

let cluster: PostgresCluster
let url: string
let origin: string
let close: () => Promise<void>

// A cluster of this file's own: pausing or stopping the shared one would fail the other files' tests.
beforeAll(async () => {
  cluster = await startPostgres()
  url = await freshDatabase(cluster.url)
  await loadInto(url, shippedDataset)
  const catalogue = await openCatalogue(url, TIMEOUT_MS)
  const app = await buildApp({ store: catalogue.live, rateLimit: 0 })
  origin = await app.listen({ port: 0, host: '127.0.0.1' })
  close = () => app.close()
}, 60_000)

afterAll(async () => {
  await close?.()
  cluster?.resume()
  cluster?.remove()
})

let asked = 0
/** A request never asked before (so no cache can answer it: it reaches the database), timed. */
async function uncached() {
  asked++
  const started = performance.now()
  const response = await fetch(`${origin}/v1/locations/${1 + (asked % 100)},${200 + asked}`, {
    headers: { authorization: `Bearer ${DEMO_KEY}` },
  })
  return { response, seconds: (performance.now() - started) / 1000, body: await response.text() }
}

async function waitUntil(condition: () => Promise<boolean>, seconds: number): Promise<number> {
  const started = performance.now()
  while (!(await condition())) {
    if (performance.now() - started > seconds * 1000) throw new Error(`Not within ${seconds} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return (performance.now() - started) / 1000
}

const status = async (path: string) => (await fetch(`${origin}${path}`)).status

describe('the database paused or stopped (contract §12)', () => {
  it('paused: the next request gets 503 with Retry-After within 10 s, /readyz 503, /healthz 200; it recovers by itself', async () => {
    expect((await uncached()).response.status).toBe(200)
    cluster.pause()
    try {
      const failed = await uncached()
      expect(failed.response.status).toBe(503)
      expect(failed.seconds).toBeLessThan(10)
      expect(failed.response.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(failed.response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(JSON.parse(failed.body)).toEqual({
        error:
          'The catalogue cannot be read right now: its database did not answer in time. Try again in a few seconds.',
      })
      await waitUntil(async () => (await status('/readyz')) === 503, 10)
      expect(await status('/healthz')).toBe(200)
    } finally {
      cluster.resume()
    }
    const back = await waitUntil(async () => (await uncached()).response.status === 200, 10)
    expect(back).toBeLessThan(10)
    await waitUntil(async () => (await status('/readyz')) === 200, 10)
  }, 60_000)

  it('paused: a filter, a view and a stream never asked before each get 503 within 10 s, however many queries they make', async () => {
    expect((await uncached()).response.status).toBe(200)
    cluster.pause()
    try {
      const answers = await Promise.all(
        [
          '/v1/locations?name=never-asked',
          '/v1/locations?_sort=name&residents__gte=2&_facet=type&page=2',
          '/v1/episodes/?_export=csv&_sort=name&name=a',
        ].map(async (path) => {
          const started = performance.now()
          const response = await fetch(`${origin}${path}`, {
            headers: { authorization: `Bearer ${DEMO_KEY}` },
          })
          await response.arrayBuffer()
          return { path, status: response.status, seconds: (performance.now() - started) / 1000 }
        }),
      )
      for (const answer of answers) {
        expect(answer.status, answer.path).toBe(503)
        expect(answer.seconds, answer.path).toBeLessThan(10)
      }
    } finally {
      cluster.resume()
    }
    await waitUntil(async () => (await uncached()).response.status === 200, 10)
  }, 60_000)

  it('restarted with a request in flight and U+0000 asked before: the service lives on, and answers again', async () => {
    const service = await startServiceProcess({
      CATALOGUE_DATABASE_URL: url,
      CATALOGUE_DATABASE_TIMEOUT_MS: String(TIMEOUT_MS),
    })
    const get = (path: string) =>
      fetch(`${service.origin}${path}`, { headers: { authorization: `Bearer ${DEMO_KEY}` } })
    for (const value of ['x%00y', '%00', 'a%00b'])
      expect((await get(`/v1/locations?name=${value}`)).status).toBe(200)
    const inFlight = get('/v1/locations?_sort=name&residents__gte=3&_facet=dimension').catch(() => null)
    cluster.stop()
    try {
      await inFlight
      expect((await get('/v1/locations?name=while-stopped')).status).toBe(503)
    } finally {
      cluster.start()
    }
    await waitUntil(async () => (await get('/v1/locations?name=after-restart')).status === 200, 10)
    expect(service.child.exitCode).toBeNull()
    expect(service.output()).not.toMatch(/Unhandled|terminating connection/)
    await service.stop()
  }, 60_000)

  it('stopped: 503 at once, /readyz 503; started again, it answers within 10 s without a restart', async () => {
    cluster.stop()
    try {
      const failed = await uncached()
      expect(failed.response.status).toBe(503)
      expect(failed.seconds).toBeLessThan(10)
      await waitUntil(async () => (await status('/readyz')) === 503, 10)
      expect(await status('/healthz')).toBe(200)
    } finally {
      cluster.start()
    }
    const back = await waitUntil(async () => (await uncached()).response.status === 200, 10)
    expect(back).toBeLessThan(10)
    await waitUntil(async () => (await status('/readyz')) === 200, 10)
  }, 60_000)
})
