import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  type ApiRecord,
  type Dataset,
  type DatasetLocation,
  foldCase,
  type Location,
  locations,
} from '../../src/catalogue'
import { STREAM_RECORDS_HEADER } from '../../src/catalogue/views/stream'
import { recordsToCsv, recordsToJson } from '../../src/export'
import { buildApp } from '../app'
import { DEMO_KEY } from '../config'
import { generateDataset } from '../data/generate'
import { LocalStreamLeases } from '../http/stream-leases'
import { errorOf, reopenableStore, serveForTests, type TestServer } from '../test/server'
import { addressesFor } from './render'
import type { CollectionSource } from './source'
import { STREAM_BATCH } from './stream'

/*
 * Streams of whole lists (contract §12, `_export`) over HTTP, on the store under test (in memory, and in the
 * `postgres` project on PostgreSQL): every record in order, the columns asked for, the explorer's CSV, the tag
 * known before the body (304, 412), `_after`, one stream at a time per rate bucket, and a stream counted as
 * one request.
 */

/** More records than a chunk of a stream holds, with names that test the CSV's rules. */
function streamedDataset(): Dataset {
  const dataset = generateDataset({ locations: STREAM_BATCH * 2 + 345, episodes: 60, seed: 31 })
  const names = ['=HYPERLINK("http://evil.test")', '+1+2', '-3', '@SUM(A1)', 'Salt, "Pepper"', 'Two\nLines']
  for (const [index, name] of names.entries()) {
    const record = dataset.locations[index * 97] as DatasetLocation
    record.name = name
  }
  return dataset
}

/**
 * Holds every read of the records while closed, so that a stream begun meanwhile stays in flight (its CSV
 * header sent, its records waiting) for as long as a test needs.
 */
class Gate {
  private opened: Promise<void> = Promise.resolve()
  private open: () => void = () => {}

  close(): void {
    this.opened = new Promise((resolve) => {
      this.open = resolve
    })
  }

  release(): void {
    this.open()
  }

  sources = (source: CollectionSource): CollectionSource => {
    const held = <T>(read: () => Promise<T>) => this.opened.then(read)
    return {
      ...Object.fromEntries(
        ['prepareViews', 'answerView', 'match', 'withIds', 'streamOrder', 'positionAfter'].map((name) => [
          name,
          (...args: unknown[]) => Reflect.apply(Reflect.get(source, name), source, args),
        ]),
      ),
      collection: source.collection,
      count: source.count,
      slice: (start, end) => held(() => source.slice(start, end)),
      atPositions: (positions) => held(() => source.atPositions(positions)),
    } as CollectionSource
  }
}

const dataset = streamedDataset()
const keys = ['stream-key-one-7f3a', 'stream-key-two-91c4']
const gate = new Gate()
const serviceLeases = new LocalStreamLeases()
const service = serveForTests({ dataset, apiKeys: keys, streamLeases: serviceLeases, sources: gate.sources })
const leases = new LocalStreamLeases()
const limited = serveForTests({ dataset, rateLimit: 1, streamLeases: leases, sources: gate.sources })
const unlimited = serveForTests({ dataset, rateLimit: 0, sources: gate.sources })

/** The records the service shows, in id order, for the base it answers at. */
function shown(server: TestServer, records: readonly DatasetLocation[] = dataset.locations): Location[] {
  const at = addressesFor(locations, server.origin)
  return records.map((record) => locations.toRecord(record, at))
}

const get = (path: string, headers: Record<string, string> = {}, key = keys[0]) =>
  service.get(path, { key, headers })

const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ApiRecord)

describe('a stream of a whole list', () => {
  it('holds every record in id order, as the list pages show them, and says how many before the first', async () => {
    const response = await get('/v1/locations?_export=ndjson')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8')
    expect(response.headers.get(STREAM_RECORDS_HEADER)).toBe(String(dataset.locations.length))
    const streamed = lines(await response.text())
    expect(streamed).toEqual(shown(service))
    const page = (await (await get('/v1/locations?page=7')).json()) as { results: Location[] }
    expect(streamed.slice(120, 140)).toEqual(page.results)
  })

  it('holds the filtered list, by the contract’s filters, with `page` and `_facet` ignored', async () => {
    const response = await get('/v1/locations?name=%20Or%20&type=a&page=9&_facet=type&_export=ndjson')
    const matching = dataset.locations.filter(
      (record) => foldCase(record.name).includes('or') && foldCase(record.type).includes('a'),
    )
    expect(matching.length).toBeGreaterThan(STREAM_BATCH / 10)
    expect(lines(await response.text())).toEqual(shown(service, matching))
    expect(response.headers.get(STREAM_RECORDS_HEADER)).toBe(String(matching.length))
  })

  it('is the explorer’s CSV, byte for byte (formula cells neutralised, quoting, a byte order mark), in the columns asked for', async () => {
    const whole = await get('/v1/locations?_export=csv')
    expect(whole.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await whole.arrayBuffer())
    expect(text).toBe(recordsToCsv(locations, shown(service)))
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`)
    expect(text).toContain('"Two\nLines"')
    const chosen = await get('/v1/locations?_col=name&_col=residents&_col=id&_export=csv&type=e')
    const filtered = dataset.locations.filter((record) => foldCase(record.type).includes('e'))
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await chosen.arrayBuffer())).toBe(
      recordsToCsv(locations, shown(service, filtered), ['name', 'residents', 'id']),
    )
  })

  it('is the explorer’s JSON array, and NDJSON of the fields asked for', async () => {
    const json = await get('/v1/episodes?_export=json')
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const episodes = (await (await get('/v1/episodes?page=1')).json()) as { info: { count: number } }
    const text = await json.text()
    expect(JSON.parse(text)).toHaveLength(episodes.info.count)
    const records = JSON.parse(text) as ApiRecord[]
    expect(text).toBe(recordsToJson(records))
    const empty = await get('/v1/episodes?name=no-such-episode-at-all&_export=json')
    expect(await empty.text()).toBe('[]\n')
    const fields = await get('/v1/locations?_col=url&_col=name&_export=ndjson')
    expect(lines(await fields.text())).toEqual(shown(service).map(({ url, name }) => ({ url, name })))
  })

  it('is compressed when asked, with the encoding in its tag, and names the same records either way', async () => {
    const plain = await rawGet(service, '/v1/locations?_export=csv', { 'accept-encoding': 'identity' })
    const tag = plain.headers.etag as string
    const raw = await rawGet(service, '/v1/locations?_export=csv', { 'accept-encoding': 'gzip' })
    expect(raw.headers['content-encoding']).toBe('gzip')
    expect(raw.headers.etag).toBe(`${tag.slice(0, -1)}-gzip"`)
    expect(gunzipSync(raw.body)).toEqual(plain.body)
    // A tag of any encoding names the same stream.
    expect(
      (await get('/v1/locations?_export=csv', { 'if-none-match': raw.headers.etag as string })).status,
    ).toBe(304)
  })
})

describe('the tag of a stream', () => {
  it('is known before the body (HEAD), and a conditional request for it is answered 304', async () => {
    const head = await service.get('/v1/locations?_export=ndjson&type=a', { key: keys[0], method: 'HEAD' })
    expect(head.status).toBe(200)
    const tag = head.headers.get('etag') as string
    expect(tag).toMatch(/^"s[\w-]+"$/)
    expect(head.headers.get(STREAM_RECORDS_HEADER)).toMatch(/^[1-9]\d*$/)
    const again = await get('/v1/locations?_export=ndjson&type=a', { 'if-none-match': tag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    // Another view, format or set of columns is another stream.
    for (const other of ['_export=ndjson&type=b', '_export=csv&type=a', '_export=ndjson&type=a&_col=id']) {
      const answer = await get(`/v1/locations?${other}`, { 'if-none-match': tag })
      expect(answer.status).toBe(200)
      await answer.text()
    }
  })

  it('comes from the catalogue’s content: the same catalogue gives the same tag, another another', async () => {
    const path = '/v1/locations?_export=ndjson'
    const own = await get(path, {}, keys[0])
    const tag = own.headers.get('etag')
    // Read to its end: a stream left unread holds the key's one lease, and the next test's stream would be refused.
    await own.text()
    const sameContent = await startedService(dataset)
    const changed = structuredClone(dataset)
    ;(changed.locations[3] as DatasetLocation).name = 'Renamed'
    const otherContent = await startedService(changed)
    try {
      const tagAt = async (server: { origin: string }) => {
        const response = await fetch(`${server.origin}${path}`, {
          headers: { authorization: `Bearer ${DEMO_KEY}` },
        })
        await response.body?.cancel()
        return response.headers.get('etag')
      }
      // The tag holds the public base (the records' addresses): compare services on the same base.
      const sameTags = [await tagAt(sameContent), await tagAt(await sameContent.restart())]
      expect(sameTags[0]).toBe(sameTags[1])
      expect(await tagAt(otherContent)).not.toBe(sameTags[0])
      expect(tag).toMatch(/^"s/)
    } finally {
      await sameContent.close()
      await otherContent.close()
    }
  })

  it('answers 412 to If-Match with another tag, so that a resumed stream never mixes two catalogues', async () => {
    const path = '/v1/locations?_export=ndjson'
    const first = await get(path, { 'accept-encoding': 'gzip' })
    expect(first.status).toBe(200)
    const tag = first.headers.get('etag') as string
    await first.text()
    const refused = await get(`${path}&_after=100`, { 'if-match': '"s-another-catalogue"' })
    expect(refused.status).toBe(412)
    expect(await errorOf(refused)).toMatch(/^The catalogue changed since this stream began/)
    const resumed = await get(`${path}&_after=100`, { 'if-match': tag })
    expect(resumed.status).toBe(200)
    expect(lines(await resumed.text())[0]?.id).toBe(101)
    // If-Match compares strongly (RFC 9110): the same tag marked weak names no representation to resume.
    const weak = await get(`${path}&_after=100`, { 'if-match': `W/${tag}` })
    expect(weak.status).toBe(412)
    await weak.text()
    const notModified = await get(path, { 'if-none-match': `W/${tag}` })
    expect(notModified.status).toBe(304)
  })
})

describe('resuming a stream with _after', () => {
  it('continues after the record named: interrupted halfway and resumed, it holds exactly one uninterrupted stream', async () => {
    const path = '/v1/locations?type=a&_export=ndjson'
    const whole = await get(path)
    const tag = whole.headers.get('etag') as string
    const uninterrupted = await whole.text()

    // Half the bytes, then the connection is cut.
    const partial = await get(path)
    const reader = partial.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>
    let received = ''
    const decoder = new TextDecoder()
    while (received.length < uninterrupted.length / 2) {
      const chunk = await reader.read()
      if (chunk.done) break
      received += decoder.decode(chunk.value, { stream: true })
    }
    await reader.cancel()
    // The service notices the client gone, and gives its stream's lease back.
    await expect.poll(() => serviceLeases.streams).toBe(0)
    // The last line may be cut: only whole lines count.
    const kept = received.slice(0, received.lastIndexOf('\n') + 1)
    const last = lines(kept).at(-1) as ApiRecord
    const rest = await get(`${path}&_after=${last.id}`, { 'if-match': tag })
    expect(rest.status).toBe(200)
    expect(Number(rest.headers.get(STREAM_RECORDS_HEADER))).toBe(
      lines(uninterrupted).length - lines(kept).length,
    )
    expect(kept + (await rest.text())).toBe(uninterrupted)
  })

  it('reads _after as a key in id order (an id not in the list still resumes after it), and refuses what is not an id', async () => {
    const gap = await get('/v1/locations?_export=ndjson&name=zzzzzz-none&_after=5')
    expect(await gap.text()).toBe('')
    const after = await get(`/v1/locations?_export=ndjson&_after=${dataset.locations.length - 2}`)
    expect(lines(await after.text()).map(({ id }) => id)).toEqual([
      dataset.locations.length - 1,
      dataset.locations.length,
    ])
    for (const [query, parameter] of [
      ['_export=ndjson&_after=abc', '_after'],
      ['_export=ndjson&_after=1&_after=2', '_after'],
      ['_export=xml', '_export'],
      ['_export=csv&_export=json', '_export'],
      ['_export=csv&_col=colour', '_col'],
    ]) {
      const refused = await get(`/v1/locations?${query}`)
      expect(refused.status).toBe(400)
      expect(await errorOf(refused)).toContain(`"${parameter}"`)
    }
  })
})

describe('one stream at a time per rate bucket', () => {
  it('refuses a second stream of the same key (429, Retry-After) until the first ends, and lets another key stream meanwhile', async () => {
    gate.close()
    const first = await get('/v1/locations?_export=csv')
    expect(first.status).toBe(200)
    const second = await get('/v1/episodes?_export=csv')
    expect(second.status).toBe(429)
    expect(second.headers.get('retry-after')).toBe('2')
    expect(await errorOf(second)).toMatch(/one stream at a time/)
    // The key's other requests, and a HEAD of a stream, are answered meanwhile.
    expect((await get('/v1/episodes?page=1')).status).toBe(200)
    expect((await service.get('/v1/episodes?_export=csv', { key: keys[0], method: 'HEAD' })).status).toBe(200)
    const other = await get('/v1/episodes?_export=csv', {}, keys[1])
    expect(other.status).toBe(200)
    gate.release()
    await other.text()
    await first.text()
    const after = await get('/v1/episodes?_export=csv')
    expect(after.status).toBe(200)
    await after.text()
  })

  it('limits nothing with the rate limit off: a key’s streams run side by side', async () => {
    gate.close()
    const streams = await Promise.all(
      ['/v1/locations?_export=csv', '/v1/episodes?_export=csv'].map((path) => unlimited.get(path)),
    )
    expect(streams.map(({ status }) => status)).toEqual([200, 200])
    gate.release()
    await Promise.all(streams.map((stream) => stream.text()))
  })

  it('gives the lease back when the client goes away mid-stream', async () => {
    gate.close()
    const first = await get('/v1/locations?_export=csv')
    await first.body?.cancel()
    gate.release()
    await expect
      .poll(async () => {
        const next = await get('/v1/episodes?_export=csv')
        await next.body?.cancel()
        return next.status
      })
      .toBe(200)
  })

  it('counts a stream as one request, and keeps the demo key’s streams per client address', async () => {
    const ask = async (path: string, from?: string) => {
      const answer = await rawGet(limited, path, { authorization: `Bearer ${DEMO_KEY}` }, from)
      return { status: answer.status, remaining: Number(answer.headers['ratelimit-remaining']) }
    }
    const before = await ask('/v1/locations?page=2')
    const streamed = await ask('/v1/locations?_export=csv')
    expect(streamed).toEqual({ status: 200, remaining: before.remaining - 1 })
    // A stream held by one address leaves another address's stream alone.
    gate.close()
    const held = await holdStream(limited, '/v1/locations?_export=csv', '127.0.0.1')
    expect((await ask('/v1/episodes?_export=csv', '127.0.0.1')).status).toBe(429)
    gate.release()
    held.end()
    expect((await ask('/v1/episodes?_export=csv', '127.0.0.2')).status).toBe(200)
    await expect.poll(() => leases.streams).toBe(0)
  })
})

describe('with the views extension off (CATALOGUE_VIEWS=off)', () => {
  const off = serveForTests({ dataset, views: false })

  it('has no streams: _export is an unknown parameter, ignored, and the first page is answered', async () => {
    const response = await off.get('/v1/locations?_export=csv&_after=3')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const page = (await response.json()) as { info: { count: number }; results: unknown[] }
    expect(page.results).toHaveLength(20)
    expect(page.info.count).toBe(dataset.locations.length)
  })
})

/** GET through node:http (which leaves the encoding alone), from a chosen local address. */
function rawGet(
  server: { origin: string },
  path: string,
  headers: Record<string, string> = { authorization: `Bearer ${keys[0]}` },
  localAddress?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.origin)
    const sent = { authorization: `Bearer ${keys[0]}`, ...headers }
    const req = request({ host: url.hostname, port: url.port, path, headers: sent, localAddress }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** A stream begun and left unread (its lease held) until `end()`. */
function holdStream(
  server: { origin: string },
  path: string,
  localAddress: string,
): Promise<{ end(): void }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.origin)
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        headers: { authorization: `Bearer ${DEMO_KEY}` },
        localAddress,
      },
      (res) => {
        expect(res.statusCode).toBe(200)
        res.pause()
        resolve({ end: () => req.destroy() })
      },
    )
    req.on('error', () => undefined)
    req.on('close', () => undefined)
    req.end()
    setTimeout(() => reject(new Error('no answer')), 10_000).unref()
  })
}

/** A service of its own on `dataset`, on one port across a restart (the tag holds the public base). */
async function startedService(served: Dataset) {
  const catalogue = await reopenableStore(served)
  let app = await buildApp({ store: await catalogue.open(), rateLimit: 0 })
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  const port = Number(new URL(origin).port)
  const server = {
    origin,
    async restart() {
      await app.close()
      app = await buildApp({ store: await catalogue.open(), rateLimit: 0 })
      await app.listen({ port, host: '127.0.0.1' })
      return server
    },
    close: () => app.close(),
  }
  return server
}
