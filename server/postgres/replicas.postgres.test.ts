import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type { Dataset } from '../../src/catalogue'
import { buildApp } from '../app'
import { DEMO_KEY } from '../config'
import { datasetFile, freshDatabase, loadInto, openCatalogue } from '../test/postgres'
import { shippedDataset } from '../test/server'
import { CHANNEL, connectionOptions } from './database'
import { loadDatasetFile } from './load'

const renamed: Dataset = {
  ...shippedDataset,
  locations: shippedDataset.locations.map((location) => ({ ...location, name: `${location.name} (new)` })),
}

async function replica(url: string) {
  const catalogue = await openCatalogue(url)
  const app = await buildApp({ store: catalogue.live, rateLimit: 0 })
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  return { origin, close: () => app.close() }
}

const get = (origin: string, path: string) =>
  fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${DEMO_KEY}` } })

describe('replicas on one database', () => {
  it('keep answering through a load, and both serve the new catalogue within 1 s of its switch', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    const replicas = [await replica(url), await replica(url)]
    const before = await Promise.all(replicas.map(({ origin }) => get(origin, '/v1/locations/1')))
    const etagsBefore = before.map((response) => response.headers.get('etag'))

    const listener = new pg.Client(connectionOptions(url, 'catalogue-test'))
    await listener.connect()
    let switchedAt = 0
    listener.on('notification', () => {
      switchedAt = performance.now()
    })
    await listener.query(`LISTEN ${CHANNEL}`)

    // Requests of every kind to both replicas, one after another on each of 8 loops, until the load is served.
    const failures: string[] = []
    let answered = 0
    let loading = true
    const paths = [
      '/v1/locations',
      '/v1/locations?page=4',
      '/v1/locations?name=e',
      '/v1/locations/1,2,3',
      '/v1/episodes/7',
    ]
    const loops = Array.from({ length: 8 }, async (_, loop) => {
      for (let turn = 0; loading; turn++) {
        const { origin } = replicas[(loop + turn) % 2] as { origin: string }
        const path = paths[turn % paths.length] as string
        const response = await get(origin, `${path}${path.includes('?') ? '&' : '?'}turn=${turn}`)
        await response.arrayBuffer()
        answered++
        if (response.status !== 200) failures.push(`${path}: ${response.status}`)
      }
    })
    const load = loadDatasetFile(url, datasetFile(renamed))
    const served = await Promise.all(
      replicas.map(async ({ origin }) => {
        for (;;) {
          const body = (await (await get(origin, '/v1/locations/1')).json()) as { name: string }
          if (body.name.endsWith('(new)')) return performance.now()
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
      }),
    )
    await load
    loading = false
    await Promise.all(loops)
    await listener.end()

    expect(failures).toEqual([])
    expect(answered).toBeGreaterThan(50)
    expect(switchedAt).toBeGreaterThan(0)
    for (const at of served) expect(at - switchedAt).toBeLessThan(1_000)
    const after = await Promise.all(replicas.map(({ origin }) => get(origin, '/v1/locations/1')))
    const etagsAfter = after.map((response) => response.headers.get('etag'))
    // Each replica's addresses hold its own origin; for each, the new body has a new ETag.
    expect(etagsAfter[0]).not.toBe(etagsBefore[0])
    expect(etagsAfter[1]).not.toBe(etagsBefore[1])
    // Both name the catalogue they serve alike (contract §13), and the new one by another version.
    const versions = (answers: Response[]) =>
      answers.map((response) => response.headers.get('catalogue-version'))
    expect(new Set(versions(before)).size).toBe(1)
    expect(new Set(versions(after)).size).toBe(1)
    expect(versions(after)[0]).not.toBe(versions(before)[0])
    for (const { close } of replicas) await close()
  }, 60_000)
})
