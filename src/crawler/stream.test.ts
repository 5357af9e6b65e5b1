import { describe, expect, it } from 'vitest'
import { type Location, locations } from '../catalogue'
import { CrawlError } from './errors'
import { MAX_RETRIES } from './read-page'
import {
  readStream,
  type StreamOutcome,
  type StreamProgress,
  type StreamReadOptions,
  type StreamResume,
} from './stream'
import { FakeClock } from './testing/fake-clock'
import {
  BASE,
  FAKE_CATALOGUE_VERSION,
  fakeService,
  json,
  KEY,
  location,
  type SentRequest,
  STREAM_TAG,
  streamAnswer,
} from './testing/fake-service'

const COUNT = 250
const all = Array.from({ length: COUNT }, (_, index) => location(index + 1))

function setUp(
  override?: (request: SentRequest, index: number) => Response | Promise<Response> | undefined,
  options: Partial<StreamReadOptions<Location>> = {},
) {
  const clock = new FakeClock()
  const fake = fakeService({ locations: COUNT, clock, override })
  const stored: Location[] = []
  const resumes: StreamResume[] = []
  const progress: StreamProgress[] = []
  const run = (): Promise<StreamOutcome> =>
    clock.run(
      readStream<Location>({
        baseUrl: `${BASE}/`,
        apiKey: KEY,
        fetch: fake.fetch,
        list: { collection: locations },
        onRecords: (records, resume) => {
          stored.push(...records)
          resumes.push(resume)
        },
        onProgress: (update) => progress.push(update),
        clock,
        batchSize: 100,
        ...options,
      }),
    )
  return { clock, fake, stored, resumes, progress, run }
}

/** Whether a request asked for the stream (not a page). */
const streamOf = (request: SentRequest) => request.url.searchParams.get('_export') === 'ndjson'

async function failureOf(promise: Promise<unknown>): Promise<CrawlError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the read to fail')
    },
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(CrawlError)
  expect((error as Error).message).not.toContain(KEY)
  return error as CrawlError
}

/** A body that sends `first`, then nothing more, ever. */
function stalled(first: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first))
    },
  })
}

describe('reading a list’s stream', () => {
  it('hands on every record in id order, in batches, with the key in a header and the count known at once', async () => {
    const { fake, stored, resumes, progress, run } = setUp()
    expect(await run()).toEqual({
      outcome: 'done',
      etag: STREAM_TAG,
      records: COUNT,
      catalogueVersion: FAKE_CATALOGUE_VERSION,
    })
    expect(stored).toEqual(all)
    expect(resumes.map(({ after }) => after)).toEqual([100, 200, 250])
    expect(resumes.at(-1)).toEqual({ etag: STREAM_TAG, after: COUNT, records: COUNT })
    expect(fake.requests).toHaveLength(1)
    const [request] = fake.requests
    expect(request?.url.href).toBe(`${BASE}/v1/locations?_export=ndjson`)
    expect(request?.authorization).toBe(`Bearer ${KEY}`)
    expect(progress.find((update) => update.total !== null)?.total).toBe(COUNT)
  })

  it('resumes an answer cut short after its last whole record, naming the stream: the records of one uninterrupted stream', async () => {
    const { fake, stored, run } = setUp((request, index) =>
      streamOf(request) && index === 0 ? streamAnswer(request, all, { cut: 10_000 }) : undefined,
    )
    expect(await run()).toMatchObject({ outcome: 'done', records: COUNT })
    expect(stored).toEqual(all)
    const resumed = fake.requests[1] as SentRequest
    const after = Number(resumed.url.searchParams.get('_after'))
    expect(after).toBeGreaterThan(10)
    expect(after).toBeLessThan(COUNT)
    expect(resumed.headers.get('If-Match')).toBe(STREAM_TAG)
  })

  it('continues an earlier read from where it stopped, and counts what was stored before', async () => {
    const { fake, stored, progress, run } = setUp(undefined, {
      resume: { etag: STREAM_TAG, after: 180, records: 180 },
    })
    expect(await run()).toMatchObject({ outcome: 'done', records: COUNT })
    expect(stored).toEqual(all.slice(180))
    expect(fake.requests[0]?.url.searchParams.get('_after')).toBe('180')
    expect(progress.at(-1)?.records).toBe(COUNT)
  })

  it('says the list changed when the stream being resumed is of another catalogue (412)', async () => {
    const { stored, run } = setUp(undefined, { resume: { etag: '"another"', after: 50, records: 50 } })
    expect(await run()).toEqual({ outcome: 'changed' })
    expect(stored).toEqual([])
  })

  it('says a complete copy is still good when its tag still names the stream (304)', async () => {
    const { fake, run } = setUp(undefined, { ifNoneMatch: STREAM_TAG })
    expect(await run()).toEqual({ outcome: 'notModified' })
    expect(fake.requests[0]?.headers.get('If-None-Match')).toBe(STREAM_TAG)
  })

  it('waits out a silence as long as the idle timeout, not a slow stream: a timeout between bytes, not a total', async () => {
    const idle = setUp(
      (request, index) =>
        streamOf(request) && index === 0
          ? streamAnswer(request, all, { body: stalled(`${JSON.stringify(all[0])}\n`) })
          : undefined,
      { limits: { idleTimeoutMs: 30_000 } },
    )
    expect(await idle.run()).toMatchObject({ outcome: 'done', records: COUNT })
    expect(idle.stored).toEqual(all)
    expect(idle.fake.requests[1]?.url.searchParams.get('_after')).toBe('1')
    expect(idle.clock.now()).toBeGreaterThanOrEqual(30_000)

    // A record every 20 s for a minute: never 30 s silent, so never interrupted.
    const clock = new FakeClock()
    const slow = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const record of all.slice(0, 3)) {
          await clock.sleep(20_000)
          controller.enqueue(new TextEncoder().encode(`${JSON.stringify(record)}\n`))
        }
        controller.close()
      },
    })
    const fake = fakeService({
      clock,
      override: (request) => streamAnswer(request, all.slice(0, 3), { body: slow }),
    })
    const stored: Location[] = []
    const outcome = await clock.run(
      readStream<Location>({
        baseUrl: BASE,
        apiKey: KEY,
        fetch: fake.fetch,
        list: { collection: locations },
        onRecords: (records) => {
          stored.push(...records)
        },
        clock,
      }),
    )
    expect(outcome).toMatchObject({ outcome: 'done', records: 3 })
    expect(fake.requests).toHaveLength(1)
    expect(clock.now()).toBeGreaterThanOrEqual(60_000)
  })

  it('stops at a record larger than the limit, read once and never whole', async () => {
    const huge = `{"id":1,"name":"${'x'.repeat(3000)}"}\n`
    const { run } = setUp((request) => streamAnswer(request, all, { body: huge }), {
      limits: { maxRecordBytes: 2048 },
    })
    const error = await failureOf(run())
    expect(error.kind).toBe('tooLarge')
    expect(error.message).toMatch(/record larger than/)
  })

  it('follows no redirect to another origin', async () => {
    const { run } = setUp(
      () => new Response(null, { status: 302, headers: { Location: 'https://elsewhere.test/v1/locations' } }),
    )
    const error = await failureOf(run())
    expect(error.kind).toBe('redirected')
  })

  it('stops with a sentence for a refused key, a record that breaks the contract, a stream out of order or longer than said', async () => {
    const refused = setUp(() => json({ error: `Bad key ${KEY}` }, 401))
    expect((await failureOf(refused.run())).kind).toBe('unauthorized')

    const broken = setUp((request) =>
      streamAnswer(request, all, { body: `${JSON.stringify({ ...all[0], name: 7 })}\n` }),
    )
    expect((await failureOf(broken.run())).message).toMatch(
      /record 1 of the stream of locations as data that does not follow/,
    )

    const backwards = setUp((request) =>
      streamAnswer(request, all, {
        body: [all[1], all[0]].map((record) => `${JSON.stringify(record)}\n`).join(''),
      }),
    )
    expect((await failureOf(backwards.run())).kind).toBe('changed')

    const longer = setUp((request) => {
      const answer = streamAnswer(request, all)
      const headers = new Headers(answer.headers)
      headers.set('Catalogue-Records', '3')
      return new Response(answer.body, { headers })
    })
    expect((await failureOf(longer.run())).message).toMatch(/more records than the 3 it announced/)
  })

  it('waits as Retry-After asks when the key’s stream is busy, and gives up after the retries on failures', async () => {
    const busy = setUp((_request, index) =>
      index === 0 ? json({ error: 'One stream at a time.' }, 429, { 'Retry-After': '2' }) : undefined,
    )
    expect(await busy.run()).toMatchObject({ outcome: 'done' })
    expect(busy.fake.requests[1]?.at).toBe(2000)

    const failing = setUp(() => json({ error: 'Down.' }, 503))
    const error = await failureOf(failing.run())
    expect(error.kind).toBe('server')
    expect(failing.fake.requests).toHaveLength(MAX_RETRIES + 1)
  })
})
