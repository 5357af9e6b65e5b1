import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { COLLECTIONS, type Dataset } from '../../src/catalogue'
import { buildApp } from '../app'
import { loadDataset } from '../dataset/load'
import { createStore } from '../dataset/store'
import { datasetWith, serveForTests, snapshotOf } from '../test/server'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SNAPSHOT_KEY = 'snapshot-key-5e3c'
const COMPARE_KEY = 'compare-key-91ab'

/** Not the shipped dataset: ids with gaps (and one far out), names beyond ASCII, characters in any order. */
function unusualDataset(): Dataset {
  return datasetWith(unusualRecords())
}

function unusualRecords(): Pick<Dataset, 'locations' | 'episodes'> {
  const created = (index: number) => new Date(Date.UTC(2017, 10, 10, 12, 0, index)).toISOString()
  const names = [
    'Zürich Δ-Station',
    'Ñandú Plains',
    '東京 Tower',
    'Łódź “Underground”',
    'Émile’s Café',
    'Back\\Slash',
  ]
  const locationIds = [...Array.from({ length: 50 }, (_, index) => index * 3 + 2), 9_007_199_254]
  const episodeIds = Array.from({ length: 23 }, (_, index) => index * index + 1)
  return {
    locations: locationIds.map((id, index) => ({
      id,
      name: `${names[index % names.length]} ${id}`,
      type: index % 4 === 0 ? '' : 'Planète',
      dimension: index % 5 === 0 ? '' : 'Dimension Ω-7',
      residents: index % 3 === 0 ? [] : [id + 7, 3, 1_000_000 + id],
      created: created(index),
    })),
    episodes: episodeIds.map((id, index) => ({
      id,
      name: `${names[(index + 2) % names.length]} — part ${index + 1}`,
      air_date: `March ${(index % 28) + 1}, ${2014 + (index % 3)}`,
      episode: `S${String(Math.floor(index / 10) + 1).padStart(2, '0')}E${String((index % 10) + 1).padStart(2, '0')}`,
      characters: [index + 1, 42],
      created: created(100 + index),
    })),
  }
}

/** GET with a key, waiting out a 429 as the service asks: the comparison must not fail on the limit itself. */
async function get(origin: string, path: string): Promise<{ status: number; text: string }> {
  for (;;) {
    const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${COMPARE_KEY}` } })
    if (response.status !== 429) return { status: response.status, text: await response.text() }
    await new Promise((resolve) =>
      setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000),
    )
  }
}

describe('snapshot of a running service, served again from the file', { timeout: 60_000 }, () => {
  const dataset = unusualDataset()
  const source = serveForTests({
    store: createStore(dataset),
    rateLimit: 2,
    apiKeys: [SNAPSHOT_KEY, COMPARE_KEY],
  })
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-snapshot-service-'))
  let copy: FastifyInstance | undefined
  afterAll(async () => {
    await copy?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('gives a file whose service answers every list page and every record as the original does', async () => {
    const out = join(folder, 'copy.json')
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/snapshot/main.ts', '--from', source.origin, '--out', out],
      { cwd: ROOT, env: { ...process.env, CATALOGUE_API_KEY: SNAPSHOT_KEY } },
    )
    const expected = snapshotOf({ locations: dataset.locations.length, episodes: dataset.episodes.length })
    expect(stdout).toMatch(
      new RegExp(
        `^Wrote ${expected.holdings} from ${source.origin} to ${out} \\(\\d+ requests in [0-9.]+ s\\)\\.\\n$`,
      ),
    )
    expect(stdout + stderr).not.toContain(SNAPSHOT_KEY)
    expect(stderr).toMatch(
      new RegExp(
        `^Snapshot 100%: ${expected.pages} of ${expected.pages} pages, ${expected.records} records`,
        'm',
      ),
    )
    expect(source.logs.filter((line) => / 429 /.test(line))).toEqual([])

    copy = await buildApp({ store: createStore(loadDataset(out)), rateLimit: 0, apiKeys: [COMPARE_KEY] })
    const copyOrigin = await copy.listen({ port: 0, host: '127.0.0.1' })
    const same = async (path: string) => {
      const original = await get(source.origin, path)
      const copied = await get(copyOrigin, path)
      expect(original.status, path).toBe(200)
      expect(copied.status, path).toBe(original.status)
      // Identical but for the base of the addresses.
      expect(copied.text.replaceAll(copyOrigin, 'BASE'), path).toBe(
        original.text.replaceAll(source.origin, 'BASE'),
      )
      return JSON.parse(original.text) as { info?: { pages: number } }
    }

    let compared = 0
    for (const collection of COLLECTIONS) {
      const first = await same(collection.listPath)
      for (let page = 2; page <= (first.info?.pages ?? 0); page++)
        await same(`${collection.listPath}?page=${page}`)
      // Every record, by id, in one answer.
      const ids = dataset[collection.name].map((record) => record.id)
      const records = (await same(`${collection.itemPath}/[${ids.join(',')}]`)) as unknown as unknown[]
      compared += records.length
    }
    expect(compared).toBe(74)
    await same(`/v1/locations?name=${encodeURIComponent('zürich')}&type=plan`)
  })
})
