import 'fake-indexeddb/auto'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { LiveCatalogue } from '../../../server/catalogue/live-catalogue'
import { generateDataset } from '../../../server/data/generate'
import { createStore } from '../../../server/dataset/store'
import { serveForTests } from '../../../server/test/server'
import { type Dataset, type DatasetLocation, episodes, locations } from '../../catalogue'
import type { CrawlProgress } from '../../crawler'

/*
 * The index filled from the real service's streams (contract §12), in IndexedDB (fake-indexeddb): one request
 * per collection, batches stored with their resume point, an interrupted build continued without a record
 * twice, a catalogue changed in between started over, a refresh answered 304 or replaced.
 */

// IndexedDB in memory, thousands of records a build: seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 })

const KEY = 'index-stream-key'
const first = generateDataset({ locations: 2600, episodes: 130, seed: 8 })
const live = new LiveCatalogue(createStore(first))
const server = serveForTests({ store: live, apiKeys: [KEY] })

const modules = async () => ({
  build: await import('./stream-build'),
  probe: await import('./probe'),
  store: await import('./store'),
})
type Modules = Awaited<ReturnType<typeof modules>>
let m: Modules

beforeAll(async () => {
  vi.stubGlobal('self', { location: { origin: 'http://explorer.test' } })
  m = await modules()
})

let database = 0
let db: Awaited<ReturnType<Modules['store']['openIndex']>>
beforeEach(async () => {
  live.replace(createStore(first))
  db = await m.store.openIndex(`stream-build-${database++}`)
})
afterEach(() => db.close())

/** Each request the build sent: its address and conditional headers. */
type Sent = { url: URL; ifMatch: string | null; ifNoneMatch: string | null }

/** A fetch that records what it sends; `cut(index)` ends that request's body cleanly after so many bytes. */
function recording(cut: (index: number) => number | null = () => null) {
  const sent: Sent[] = []
  const fetchWith: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    const index =
      sent.push({
        url: new URL(String(input)),
        ifMatch: headers.get('If-Match'),
        ifNoneMatch: headers.get('If-None-Match'),
      }) - 1
    const response = await fetch(input, init)
    const limit = cut(index)
    if (limit === null || response.body === null) return response
    const body = new Response(response.body).arrayBuffer().then((bytes) => bytes.slice(0, limit))
    return new Response(await body, { status: response.status, headers: response.headers })
  }
  return { sent, fetch: fetchWith }
}

async function build(fetchWith: typeof fetch, options: { refresh?: boolean; signal?: AbortSignal } = {}) {
  const metas = new Map(
    await Promise.all(
      ['locations', 'episodes'].map(async (name) => [name, await m.store.readMeta(db, name)] as const),
    ),
  )
  const progress: CrawlProgress[] = []
  const result = await m.build.buildFromStreams({
    base: server.origin,
    apiKey: KEY,
    fetch: fetchWith,
    db,
    collections: ['locations', 'episodes'],
    metas,
    refresh: options.refresh ?? false,
    signal: options.signal ?? new AbortController().signal,
    onProgress: (update) => progress.push(update),
    onChanged: () => {},
  })
  return { result, progress }
}

async function stored(dataset: Dataset = first) {
  const ids = async (name: string) => (await m.store.readRecords(db, name)).map((record) => record.id)
  expect(await ids('locations')).toEqual(dataset.locations.map((record) => record.id))
  expect(await ids('episodes')).toEqual(dataset.episodes.map((record) => record.id))
  for (const [name, records] of [
    ['locations', dataset.locations],
    ['episodes', dataset.episodes],
  ] as const) {
    expect(await m.store.readMeta(db, name)).toMatchObject({
      complete: true,
      count: records.length,
      records: records.length,
    })
  }
}

const streams = (sent: readonly Sent[]) => sent.filter((each) => each.url.searchParams.has('_export'))

describe('the index filled from the service’s streams', () => {
  it('reads one stream per collection, one after the other, and counts every record of both', async () => {
    const { sent, fetch: fetchWith } = recording()
    const { result, progress } = await build(fetchWith)
    expect(result.records).toBe(first.locations.length + first.episodes.length)
    expect(sent.map(({ url }) => `${url.pathname}${url.search}`)).toEqual([
      '/v1/locations?_export=ndjson',
      '/v1/episodes/?_export=ndjson',
    ])
    await stored()
    expect(progress.at(-1)?.records).toBe(first.locations.length + first.episodes.length)
  })

  it('continues a stream cut short after its last record stored, naming it, without a record twice', async () => {
    const { sent, fetch: fetchWith } = recording((index) => (index === 0 ? 200_000 : null))
    await build(fetchWith)
    await stored()
    const [cut, resumed] = streams(sent)
    expect(cut?.url.searchParams.has('_after')).toBe(false)
    expect(Number(resumed?.url.searchParams.get('_after'))).toBeGreaterThan(0)
    expect(resumed?.ifMatch).toMatch(/^"s/)
  })

  it('resumes a build stopped halfway where it stopped, in a later build', async () => {
    const stop = new AbortController()
    let delivered = 0
    const { fetch: cutting } = recording((index) => (index === 0 ? 300_000 : null))
    // The first build stops once a batch is stored and the stream is cut (the user cancels, say).
    const stopping: typeof fetch = async (input, init) => {
      if (delivered++ > 0) stop.abort(new Error('cancelled'))
      return cutting(input, init)
    }
    await expect(build(stopping, { signal: stop.signal })).rejects.toThrow('cancelled')
    const partial = await m.store.readMeta(db, 'locations')
    expect(partial.complete).toBe(false)
    expect(partial.records).toBeGreaterThan(0)
    expect(partial.stream?.after).toBe(partial.records)

    const { sent, fetch: fetchWith } = recording()
    await build(fetchWith)
    await stored()
    expect(sent[0]?.url.searchParams.get('_after')).toBe(String(partial.stream?.after))
    expect(sent[0]?.ifMatch).toBe(partial.stream?.etag)
  })

  it('starts a collection over when the catalogue changed since its stream began (412)', async () => {
    const stop = new AbortController()
    let asked = 0
    const { fetch: cutting } = recording((index) => (index === 0 ? 300_000 : null))
    const stopping: typeof fetch = async (input, init) => {
      if (asked++ > 0) stop.abort(new Error('cancelled'))
      return cutting(input, init)
    }
    await expect(build(stopping, { signal: stop.signal })).rejects.toThrow('cancelled')
    const changed = structuredClone(first)
    changed.locations = changed.locations.filter((record) => record.id % 3 !== 0)
    ;(changed.locations[0] as DatasetLocation).name = 'Renamed in the new catalogue'
    live.replace(createStore(changed))

    const { sent, fetch: fetchWith } = recording()
    await build(fetchWith)
    await stored(changed)
    expect(streams(sent).map(({ url }) => url.searchParams.get('_after'))).toEqual([
      expect.stringMatching(/^\d+$/),
      null,
      null,
    ])
    const [renamed] = await m.store.readById(db, 'locations', [changed.locations[0]?.id ?? 0])
    expect(renamed?.name).toBe('Renamed in the new catalogue')
  })

  it('refreshes with If-None-Match: 304 keeps what is stored, a new catalogue replaces it', async () => {
    await build(recording().fetch)
    const unchanged = recording()
    await build(unchanged.fetch, { refresh: true })
    expect(unchanged.sent.map(({ ifNoneMatch }) => ifNoneMatch)).toEqual([
      expect.stringMatching(/^"s/),
      expect.stringMatching(/^"s/),
    ])
    await stored()

    const versionBefore = live.current.contentVersion
    expect(await m.store.readMeta(db, 'locations')).toMatchObject({ catalogueVersion: versionBefore })
    const changed = structuredClone(first)
    changed.locations = changed.locations.slice(0, 1000)
    live.replace(createStore(changed))
    await build(recording().fetch, { refresh: true })
    await stored(changed)
    // The index names the catalogue it was read from (contract §13): the new one.
    expect(await m.store.readMeta(db, 'locations')).toMatchObject({
      catalogueVersion: live.current.contentVersion,
    })
    expect(live.current.contentVersion).not.toBe(versionBefore)
  })
})

describe('the size of an index to build', () => {
  it('is estimated from each list’s first page, close to the records’ size, and the lists’ sizes are kept', async () => {
    const metas = new Map<string, Awaited<ReturnType<Modules['store']['readMeta']>>>()
    const probed = await m.probe.probeLists({
      base: server.origin,
      apiKey: KEY,
      fetch,
      db,
      metas,
      lists: [{ collection: locations }, { collection: episodes }],
      signal: new AbortController().signal,
    })
    expect(probed.pages).toBe(Math.ceil(first.locations.length / 20))
    const actual = async (path: string) =>
      (
        await (
          await fetch(`${server.origin}${path}`, {
            headers: { authorization: `Bearer ${KEY}` },
          })
        ).text()
      ).length
    const records =
      (await actual('/v1/locations?_export=ndjson')) + (await actual('/v1/episodes?_export=ndjson'))
    // Within a quarter of what the records hold.
    expect(probed.bytes).toBeGreaterThan(records * 0.75)
    expect(probed.bytes).toBeLessThan(records * 1.25)
    expect(await m.store.readMeta(db, 'locations')).toMatchObject({
      count: first.locations.length,
      pages: Math.ceil(first.locations.length / 20),
      records: 0,
    })
  })
})
