import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { COLLECTIONS, type Dataset } from '../../src/catalogue'
import { DEFAULT_DATASET_PATH, DEMO_KEY } from '../config'
import { startServiceProcess } from '../test/service-process'

const folder = mkdtempSync(join(tmpdir(), 'catalogue-reload-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
const dataPath = join(folder, 'catalogue.json')

/** Replaces the dataset file in one step, as a deployment would (write beside it, then rename). */
function writeDataset(content: string): void {
  const next = join(folder, 'next.json')
  writeFileSync(next, content)
  renameSync(next, dataPath)
}

const shipped = JSON.parse(readFileSync(DEFAULT_DATASET_PATH, 'utf8')) as Dataset
const headers = { authorization: `Bearer ${DEMO_KEY}` }

async function waitUntil(condition: () => boolean, timeout = 20_000): Promise<void> {
  const deadline = performance.now() + timeout
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('Timed out waiting for requests to be answered')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('reloading the dataset on SIGHUP', { timeout: 90_000 }, () => {
  it('swaps in a valid file under load without failing a request, and keeps the old data when the new file is bad', async () => {
    writeDataset(JSON.stringify(shipped))
    const service = await startServiceProcess({
      CATALOGUE_DATA: dataPath,
      CATALOGUE_RATE_LIMIT: '0',
      METRICS_PORT: '0',
    })
    const get = (path: string) => fetch(`${service.origin}${path}`, { headers })
    const before = await get('/v1/locations/1')
    const oldEtag = before.headers.get('etag')
    expect(((await before.json()) as { name: string }).name).toBe(shipped.locations[0]?.name)

    // Load: eight clients asking for a record, a list page and a filtered list, without pause.
    const statuses = new Map<number, number>()
    let answered = 0
    let loading = true
    const client = async () => {
      while (loading) {
        for (const path of ['/v1/locations/1', '/v1/locations?page=2', '/v1/episodes/?name=the']) {
          const response = await get(path)
          await response.arrayBuffer()
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          answered++
        }
      }
    }
    const clients = Array.from({ length: 8 }, client)
    await waitUntil(() => answered >= 20)

    const renamed = structuredClone(shipped)
    ;(renamed.locations[0] as { name: string }).name = 'Reloaded Harbour'
    renamed.locations = renamed.locations.slice(0, 100)
    writeDataset(JSON.stringify(renamed))
    service.child.kill('SIGHUP')
    const answeredBefore = answered
    await service.waitFor(/Dataset reloaded in \d+ ms: 100 locations/)
    const answeredAtReload = answered
    await waitUntil(() => answered >= answeredAtReload + 20)
    loading = false
    await Promise.all(clients)

    expect([...statuses.keys()]).toEqual([200])
    // Requests were answered before, while and after the new file was read and swapped in.
    expect(answeredBefore).toBeGreaterThanOrEqual(20)
    expect(answered).toBeGreaterThanOrEqual(answeredAtReload + 20)
    const after = await get('/v1/locations/1')
    expect(((await after.json()) as { name: string }).name).toBe('Reloaded Harbour')
    expect(after.headers.get('etag')).not.toBe(oldEtag)
    expect(((await (await get('/v1/locations')).json()) as { info: { count: number } }).info.count).toBe(100)
    expect(await (await fetch(`${service.origin}/readyz`)).json()).toEqual({
      status: 'ready',
      ...Object.fromEntries(COLLECTIONS.map(({ name }) => [name, shipped[name].length])),
      locations: 100,
    })

    // A bad file: refused with the reason, and the data served stays as it was.
    const bad = structuredClone(renamed)
    ;(bad.locations[3] as { name: unknown }).name = 42
    writeDataset(JSON.stringify(bad))
    service.child.kill('SIGHUP')
    await service.waitFor(
      /Dataset reload failed; still serving the previous data\. .*locations\[3\].*\\?"name\\?" must be a string/,
    )
    expect(((await (await get('/v1/locations/1')).json()) as { name: string }).name).toBe('Reloaded Harbour')
    expect(((await (await get('/v1/locations/4')).json()) as { name: string }).name).toBe(
      renamed.locations[3]?.name,
    )

    const metrics = await (await fetch(`${service.metricsOrigin}/metrics`)).text()
    expect(metrics).toContain('catalogue_dataset_reloads_total{result="ok"} 1')
    expect(metrics).toContain('catalogue_dataset_reloads_total{result="failed"} 1')
    expect(metrics).toContain('catalogue_dataset_records{collection="locations"} 100')
    expect(metrics).toMatch(/catalogue_dataset_load_seconds \d/)
    await service.stop()
  })
})
