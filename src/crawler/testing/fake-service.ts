import { COLLECTIONS, type CollectionName } from '../../catalogue'
import type { FakeClock } from './fake-clock'

export const KEY = 'crawl-secret-key'
/** The host the fake service writes into `next`/`prev`, unlike the base the crawler is given. */
export const OTHER_HOST = 'https://behind-a-proxy.internal'
export const BASE = 'https://catalogue.test/api'

export function location(id: number) {
  return {
    id,
    name: `Place ${id}`,
    type: id % 2 ? 'Planet' : 'Space station',
    dimension: 'C-137',
    residents: [`${OTHER_HOST}/v1/characters/${id + 1}`],
    url: `${OTHER_HOST}/v1/locations/${id}`,
    created: '2017-11-10T12:42:04.162Z',
  }
}

export function episode(id: number) {
  return {
    id,
    name: `Episode ${id}`,
    air_date: 'December 2, 2013',
    episode: `S01E${String(id).padStart(2, '0')}`,
    characters: [],
    url: `${OTHER_HOST}/v1/episodes/${id}`,
    created: '2017-11-10T12:42:04.162Z',
  }
}

/** The records this fake holds, by collection name. */
const RECORDS: { readonly [C in CollectionName]?: (id: number) => object } = {
  locations: location,
  episodes: episode,
}

const nameOf = (record: object) => ('name' in record ? record.name : '')

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

export interface SentRequest {
  url: URL
  authorization: string | null
  /** Every header sent (If-Match, If-None-Match…). */
  headers: Headers
  at: number
}

/** The tag of the fake's streams (contract §12), the same for every list and resumed part. */
export const STREAM_TAG = '"fake-stream-v1"'
/** The version of the catalogue the fake's streams name (contract §13). */
export const FAKE_CATALOGUE_VERSION = 'fake-catalogue-v1'

/**
 * A stream's answer (`_export=ndjson`) of these records: those after `_after`, one JSON record a line, with
 * the tag and the count; 412 for an `If-Match` naming another tag, 304 for an `If-None-Match` naming it. `cut`
 * keeps only the first bytes of the body (an answer cut short), `body` replaces it.
 */
export function streamAnswer(
  request: SentRequest,
  records: readonly { id: number }[],
  options: { tag?: string; cut?: number; body?: BodyInit } = {},
): Response {
  const tag = options.tag ?? STREAM_TAG
  const ifMatch = request.headers.get('If-Match')
  if (ifMatch !== null && ifMatch !== tag) return json({ error: 'The catalogue changed.' }, 412)
  if (request.headers.get('If-None-Match') === tag)
    return new Response(null, { status: 304, headers: { ETag: tag } })
  const after = Number(request.url.searchParams.get('_after') ?? 0)
  const streamed = records.filter((record) => record.id > after)
  const text = streamed.map((record) => `${JSON.stringify(record)}\n`).join('')
  const body =
    options.body ?? (options.cut === undefined ? text : new TextEncoder().encode(text).slice(0, options.cut))
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      ETag: tag,
      'Catalogue-Records': String(streamed.length),
      'Catalogue-Version': FAKE_CATALOGUE_VERSION,
    },
  })
}

/** How many records of each collection the fake holds (none when left out), and how it answers. */
export interface FakeServiceOptions extends Partial<Record<CollectionName, number>> {
  /** Answers this request instead of the page, when it returns a Response. */
  override?: (request: SentRequest, index: number) => Response | Promise<Response> | undefined
  clock?: FakeClock
  /** Simulated time each answer takes. */
  latency?: (request: SentRequest) => number
  /** Extra headers for every page answer. */
  headers?: (request: SentRequest) => Record<string, string>
}

/** A catalogue service in memory, with page size 20, `next` addresses on another host; records every request. */
export function fakeService(options: FakeServiceOptions = {}) {
  // Each collection's list at its own path (both spellings, as the service serves them); a collection this
  // fake has no records for lists none.
  const lists = new Map(
    COLLECTIONS.flatMap((collection) => {
      const make = RECORDS[collection.name]
      const records = Array.from(
        { length: options[collection.name] ?? 0 },
        (_, index) => make?.(index + 1) ?? {},
      )
      const bare = collection.listPath.replace(/\/$/, '')
      return [
        [bare, { path: collection.listPath, records }],
        [`${bare}/`, { path: collection.listPath, records }],
      ] as const
    }),
  )
  const requests: SentRequest[] = []
  let inFlight = 0
  let mostInFlight = 0
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers)
    const request: SentRequest = {
      url: new URL(String(input)),
      authorization: headers.get('Authorization'),
      headers,
      at: options.clock?.now() ?? 0,
    }
    const index = requests.push(request) - 1
    inFlight++
    mostInFlight = Math.max(mostInFlight, inFlight)
    try {
      const latency = options.latency?.(request) ?? 0
      if (latency > 0 && options.clock) await options.clock.sleep(latency, init?.signal ?? undefined)
      init?.signal?.throwIfAborted()
      const overridden = await options.override?.(request, index)
      if (overridden) return overridden
      return answer(request)
    } finally {
      inFlight--
    }
  }

  function answer(request: SentRequest): Response {
    const list = lists.get(request.url.pathname.replace(/^\/api/, ''))
    if (!list) return json({ error: 'No such path.' }, 404)
    const { path } = list
    const page = Number(request.url.searchParams.get('page') ?? '1')
    const name = request.url.searchParams.get('name')
    const records = list.records.filter(
      (record) => !name || String(nameOf(record)).toLowerCase().includes(name.toLowerCase()),
    )
    if (request.url.searchParams.get('_export') === 'ndjson')
      return streamAnswer(request, records as { id: number }[])
    const pages = Math.ceil(records.length / 20)
    if (page > pages && page > 1) return json({ error: 'Page beyond the last.' }, 404)
    const link = (to: number) => `${OTHER_HOST}${path}?page=${to}`
    return json(
      {
        info: {
          count: records.length,
          pages,
          next: page < pages ? link(page + 1) : null,
          prev: page > 1 ? link(page - 1) : null,
        },
        results: records.slice((page - 1) * 20, page * 20),
      },
      200,
      options.headers?.(request) ?? {},
    )
  }

  return {
    fetch,
    requests,
    get mostInFlight() {
      return mostInFlight
    },
    /** `locations?page=2`-style names of the pages asked for, in order. */
    pagesAsked: () =>
      requests.map((request) => `${request.url.pathname.replace(/^.*\/v1\//, '')}${request.url.search}`),
  }
}
