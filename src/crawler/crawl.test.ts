import { describe, expect, it } from 'vitest'
import { episodes, locations } from '../catalogue'
import { type CrawlOptions, type CrawlProgress, collectList, crawl } from './crawl'
import { CrawlError } from './errors'
import type { CrawledPage } from './lists'
import { MAX_RATE_LIMITED, MAX_RETRIES } from './read-page'
import { FakeClock } from './testing/fake-clock'
import {
  BASE,
  type FakeServiceOptions,
  fakeService,
  json,
  KEY,
  location,
  OTHER_HOST,
} from './testing/fake-service'

function setUp(service: FakeServiceOptions = {}, options: Partial<CrawlOptions> = {}) {
  const clock = service.clock ?? new FakeClock()
  const fake = fakeService({ ...service, clock })
  const pages: CrawledPage[] = []
  const progress: CrawlProgress[] = []
  const run = () =>
    clock.run(
      crawl({
        baseUrl: `${BASE}/`,
        apiKey: KEY,
        fetch: fake.fetch,
        lists: [{ collection: locations }, { collection: episodes }],
        onPage: (page) => {
          pages.push(page)
        },
        onProgress: (update) => progress.push(update),
        clock,
        wallClock: () => Date.UTC(2026, 10, 23) + clock.now(),
        ...options,
      }),
    )
  return { clock, fake, pages, progress, run }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)

async function failureOf(promise: Promise<unknown>): Promise<CrawlError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the crawl to fail')
    },
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(CrawlError)
  expect((error as Error).message).not.toContain(KEY)
  return error as CrawlError
}

describe('the crawler', () => {
  it('reads every page of both collections by number, from the configured base, with the key', async () => {
    const { fake, pages, run } = setUp({ locations: 45, episodes: 21 })
    const summary = await run()

    expect(fake.pagesAsked().sort()).toEqual(
      ['locations', 'locations?page=2', 'locations?page=3', 'episodes/', 'episodes/?page=2'].sort(),
    )
    for (const request of fake.requests) {
      // The `next` addresses name another host; the crawler stays on the one it was given.
      expect(request.url.origin + request.url.pathname).toMatch(/^https:\/\/catalogue\.test\/api\/v1\//)
      expect(request.url.host).not.toBe(new URL(OTHER_HOST).host)
      expect(request.authorization).toBe(`Bearer ${KEY}`)
    }
    const ids = (collection: string) =>
      pages.filter((page) => page.collection === collection).flatMap((page) => page.results.map((r) => r.id))
    expect(ids('locations')).toEqual(Array.from({ length: 45 }, (_, index) => index + 1))
    expect(ids('episodes')).toEqual(Array.from({ length: 21 }, (_, index) => index + 1))
    expect(summary).toMatchObject({
      lists: [
        { count: 45, pages: 3 },
        { count: 21, pages: 2 },
      ],
      pagesRead: 5,
      records: 66,
      requests: 5,
      retries: 0,
    })
  })

  it('reads one list with its filters, trimmed, and hands pages on in page order whatever order they arrive in', async () => {
    const clock = new FakeClock()
    const { fake, pages, run } = setUp(
      {
        clock,
        locations: 100,
        // Later pages answer faster than earlier ones.
        latency: (request) => 1000 - Number(request.url.searchParams.get('page') ?? 1) * 100,
      },
      { lists: [{ collection: locations, filters: { name: '  place ', type: '' } }] },
    )
    await run()
    expect(fake.pagesAsked()).toEqual([
      'locations?name=place',
      'locations?page=2&name=place',
      'locations?page=3&name=place',
      'locations?page=4&name=place',
      'locations?page=5&name=place',
    ])
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps a small fixed number of requests in flight', async () => {
    const { fake, run } = setUp({ locations: 200, episodes: 100, latency: () => 300 })
    await run()
    expect(fake.requests).toHaveLength(15)
    expect(fake.mostInFlight).toBe(2)
  })

  it('validates each page with the contract schemas and stops at the first page that does not follow it', async () => {
    const { run } = setUp({
      locations: 45,
      override: (request) => {
        if (request.url.searchParams.get('page') !== '2') return undefined
        return json({
          info: { count: 45, pages: 3, next: null, prev: null },
          results: [{ id: 21, name: 'Broken', type: 'Planet', dimension: 'X', residents: [], url: 'u' }],
        })
      },
    })
    const error = await failureOf(run())
    expect(error.kind).toBe('invalidPage')
    expect(error.message).toBe(
      'The service answered page 2 of locations with data that does not follow the contract (results[0].created: expected string).',
    )
  })

  it('reads a 404 “There is nothing here” on page 1 as an empty list, as the public API answers one', async () => {
    const { pages, run } = setUp(
      {
        locations: 45,
        override: (request) =>
          request.url.searchParams.get('name') ? json({ error: 'There is nothing here' }, 404) : undefined,
      },
      { lists: [{ collection: locations, filters: { name: 'zzz' } }] },
    )
    const summary = await run()
    expect(summary.lists).toEqual([{ count: 0, pages: 0 }])
    expect(pages).toEqual([{ list: 0, collection: 'locations', page: 1, pages: 0, count: 0, results: [] }])
  })

  it('stops with a clear error on any other 404 for page 1 (a wrong address), and on a refused key', async () => {
    const wrong = setUp({ override: () => json({ error: 'No such path.' }, 404) })
    const notFound = await failureOf(wrong.run())
    expect(notFound.kind).toBe('notFound')
    expect(notFound.message).toMatch(/^The service has no list at this address \(404 for page 1 of /)

    const refused = setUp({ override: () => json({ error: `Unknown key ${KEY}.` }, 401) })
    const unauthorized = await failureOf(refused.run())
    expect(unauthorized).toMatchObject({
      kind: 'unauthorized',
      message: 'The service refused the API key (401).',
    })
    // No retries: the same key gets the same answer.
    expect(refused.fake.requests).toHaveLength(2)
  })

  it('keeps the key out of a refusal the service words itself', async () => {
    const { run } = setUp({ override: () => json({ error: `The filter ${KEY} is too long.` }, 400) })
    const error = await failureOf(run())
    expect(error.kind).toBe('badRequest')
    expect(error.message).toContain('The filter [key] is too long.')
  })

  it('waits as long as Retry-After asks on a 429 before asking again', async () => {
    const clock = new FakeClock()
    const { fake, pages, run } = setUp(
      {
        clock,
        locations: 45,
        override: (_request, index) =>
          index === 1 ? json({ error: 'Too many requests.' }, 429, { 'Retry-After': '7' }) : undefined,
      },
      { lists: [{ collection: locations }] },
    )
    const summary = await run()
    expect(pages).toHaveLength(3)
    const refusedAt = fake.requests[1]?.at ?? 0
    // Page 3 went out with page 2, before the 429 came back; everything after it waited.
    const later = fake.requests.slice(3)
    expect(fake.pagesAsked().slice(3)).toContain('locations?page=2')
    for (const request of later) expect(request.at).toBeGreaterThanOrEqual(refusedAt + 7000)
    expect(summary.retries).toBe(1)
  })

  it('reads Retry-After given as an HTTP date', async () => {
    const clock = new FakeClock()
    const retryAt = new Date(Date.UTC(2026, 10, 23) + 12_000).toUTCString()
    const { fake, run } = setUp(
      {
        clock,
        locations: 5,
        override: (_request, index) =>
          index === 0 ? json({ error: 'Slow down.' }, 429, { 'Retry-After': retryAt }) : undefined,
      },
      { lists: [{ collection: locations }] },
    )
    await run()
    expect(fake.requests[1]?.at).toBe(12_000)
  })

  it(`gives up after ${MAX_RATE_LIMITED} 429 answers in a row for one page`, async () => {
    const { fake, run } = setUp({ override: () => json({ error: 'No.' }, 429, { 'Retry-After': '1' }) })
    const error = await failureOf(run())
    expect(error.kind).toBe('rateLimited')
    expect(fake.requests.length).toBeGreaterThan(MAX_RATE_LIMITED)
  })

  it('retries network failures and 5xx answers with a growing pause, and goes on when they pass', async () => {
    const clock = new FakeClock()
    const { fake, pages, run } = setUp(
      {
        clock,
        locations: 25,
        override: (_request, index) => {
          if (index === 0) throw new TypeError('fetch failed')
          if (index === 1) return json({ error: 'Bad gateway' }, 502)
          if (index === 2) return new Response('<html>busy</html>', { status: 503 })
          return undefined
        },
      },
      { lists: [{ collection: locations }] },
    )
    const summary = await run()
    expect(pages.map((page) => page.page)).toEqual([1, 2])
    const times = fake.requests.map((request) => request.at)
    expect(times.slice(0, 4)).toEqual([0, 500, 1500, 3500])
    expect(summary.retries).toBe(3)
  })

  it(`stops with a clear error after ${MAX_RETRIES + 1} failed attempts`, async () => {
    const down = setUp({
      override: () => {
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
        })
      },
    })
    const network = await failureOf(down.run())
    expect(network.kind).toBe('network')
    expect(network.message).toBe(
      `The service could not be reached for page 1 of locations after ${MAX_RETRIES + 1} attempts (ECONNREFUSED).`,
    )
    const failing = setUp({ override: () => json({ error: 'Oops' }, 500) })
    const server = await failureOf(failing.run())
    expect(server).toMatchObject({ kind: 'server', status: 500 })
    expect(server.message).toMatch(
      /^The service kept failing \(500\) for page 1 of (locations|episodes), 5 attempts\.$/,
    )
  })

  it('stops when the list changes under it: another count, or a record twice', async () => {
    const shrinking = setUp(
      {
        locations: 45,
        override: (request) =>
          request.url.searchParams.get('page') === '3'
            ? json({ info: { count: 44, pages: 3, next: null, prev: null }, results: [] })
            : undefined,
      },
      { lists: [{ collection: locations }] },
    )
    expect((await failureOf(shrinking.run())).kind).toBe('changed')

    const shifted = setUp(
      {
        locations: 45,
        override: (request) =>
          request.url.searchParams.get('page') === '2'
            ? json({
                info: { count: 45, pages: 3, next: null, prev: null },
                results: [location(1)],
              })
            : undefined,
      },
      { lists: [{ collection: locations }] },
    )
    const twice = await failureOf(shifted.run())
    expect(twice.message).toBe(
      'The list changed while it was read: locations 1 came twice (again on page 2).',
    )
  })

  it('reports pages done of the total, records, requests, rate and time left', async () => {
    const { progress, run } = setUp({ locations: 100, episodes: 40, latency: () => 500 })
    await run()
    const last = progress.at(-1)
    expect(last).toMatchObject({ pagesDone: 7, pagesTotal: 7, records: 140, requests: 7, secondsLeft: 0 })
    expect(last?.requestsPerSecond).toBeGreaterThan(0)
    const estimates = progress.filter((update) => update.secondsLeft !== null && update.pagesDone < 7)
    expect(estimates.length).toBeGreaterThan(0)
    for (const update of estimates) expect(update.secondsLeft).toBeGreaterThan(0)
    expect(progress.map((update) => update.pagesDone)).toEqual(
      [...progress.map((update) => update.pagesDone)].sort((a, b) => a - b),
    )
  })

  it('can be cancelled: it rejects with the signal’s reason and sends nothing more', async () => {
    const controller = new AbortController()
    const clock = new FakeClock()
    const { fake, pages, run } = setUp(
      { clock, locations: 200, latency: () => 1000 },
      {
        lists: [{ collection: locations }],
        signal: controller.signal,
        onPage: (page) => {
          pages.push(page)
          if (page.page === 3) controller.abort()
        },
      },
    )
    const error = await run().catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(DOMException)
    expect((error as DOMException).name).toBe('AbortError')
    const sent = fake.requests.length
    expect(pages).toHaveLength(3)
    expect(sent).toBeLessThan(10)
    await clock.run(clock.sleep(60_000))
    expect(fake.requests).toHaveLength(sent)
  })

  it('resumes from the last page stored, and skips a list stored completely', async () => {
    const { fake, pages, progress, run } = setUp(
      { locations: 100, episodes: 30 },
      {
        resume: [
          { page: 2, pages: 5, records: 40 },
          { page: 2, pages: 2, records: 30 },
        ],
      },
    )
    const summary = await run()
    expect(fake.pagesAsked()).toEqual(['locations?page=3', 'locations?page=4', 'locations?page=5'])
    expect(pages.map((page) => page.page)).toEqual([3, 4, 5])
    expect(progress.at(-1)).toMatchObject({ pagesDone: 7, pagesTotal: 7, records: 130 })
    expect(summary.records).toBe(130)
  })

  it('collects every record of one filtered list, typed as the collection’s records', async () => {
    const clock = new FakeClock()
    const fake = fakeService({ clock, locations: 120 })
    const records = await clock.run(
      collectList({
        baseUrl: BASE,
        apiKey: KEY,
        fetch: fake.fetch,
        list: { collection: locations, filters: { name: 'place 1' } },
        clock,
      }),
    )
    // Place 1, 10–19 and 100–120: 32 records on two pages.
    expect(records.map((record) => record.id)).toEqual([1, ...range(10, 19), ...range(100, 120)])
    expect(records[0]?.dimension).toBe('C-137')
    expect(fake.pagesAsked()).toEqual(['locations?name=place+1', 'locations?page=2&name=place+1'])
  })

  it('refuses to resume a list whose size changed since', async () => {
    const { run } = setUp(
      { locations: 120 },
      { lists: [{ collection: locations }], resume: [{ page: 2, pages: 5, records: 40 }] },
    )
    expect((await failureOf(run())).kind).toBe('changed')
  })
})
