import { describe, expect, it, vi } from 'vitest'
import { episodes as EPISODES, locations as LOCATIONS } from '../catalogue'
import { viewPageSchema } from '../catalogue/views/answer'
import { createClient } from './client'
import { ApiError } from './errors'

const KEY = 'secret-key-1234'
const location = (id: number) => ({
  id,
  name: `Place ${id}`,
  type: 'Planet',
  dimension: 'C-137',
  residents: ['https://x.test/v1/characters/4'],
  url: `https://x.test/v1/locations/${id}`,
  created: '2017-11-10T12:42:04.162Z',
})
const page = (results: unknown[], count = results.length) => ({
  info: { count, pages: Math.ceil(count / 20), next: null, prev: null },
  results,
})

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

function clientAnswering(response: Response | (() => Promise<Response>)) {
  const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    typeof response === 'function' ? response() : response,
  )
  return { client: createClient({ baseUrl: 'https://api.test/', apiKey: KEY }, fetchImpl), fetchImpl }
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected the request to fail')
}

describe('the catalogue client', () => {
  it('sends the key as a bearer header and filters, trimmed, in the query', async () => {
    const { client, fetchImpl } = clientAnswering(json(page([location(1)])))
    await client.list(LOCATIONS, { name: ' earth ', type: '', dimension: 'C-137' }, 2)
    const [url, init] = fetchImpl.mock.calls[0] ?? []
    expect(String(url)).toBe('https://api.test/v1/locations?page=2&name=earth&dimension=C-137')
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${KEY}`)
  })

  it('uses the same origin when the base address is empty, and the episodes list path with its slash', async () => {
    const fetchImpl = vi.fn(async () => json(page([])))
    await createClient({ baseUrl: '', apiKey: KEY }, fetchImpl).list(EPISODES, {}, 1)
    expect(fetchImpl).toHaveBeenCalledWith('/v1/episodes/', expect.anything())
  })

  it('passes the abort signal on to fetch', async () => {
    const { client, fetchImpl } = clientAnswering(json(location(3)))
    const controller = new AbortController()
    await client.one(LOCATIONS, 3, controller.signal)
    expect(fetchImpl.mock.calls[0]?.[1]?.signal).toBe(controller.signal)
  })

  it('returns a parsed list page', async () => {
    const { client } = clientAnswering(json(page([location(1), location(2)], 126)))
    const result = await client.list(LOCATIONS, {}, 1)
    expect(result.info.count).toBe(126)
    expect(result.results.map((record) => record.id)).toEqual([1, 2])
  })

  it('reads an empty 200 list as an empty result', async () => {
    const { client } = clientAnswering(json(page([])))
    expect(await client.list(LOCATIONS, { name: 'zzz' }, 1)).toEqual(page([]))
  })

  it('reads the public API\'s 404 "There is nothing here" on page 1 as an empty result', async () => {
    const { client } = clientAnswering(json({ error: 'There is nothing here' }, 404))
    const result = await client.list(EPISODES, { name: 'zzz' }, 1)
    expect(result).toEqual({ info: { count: 0, pages: 0, next: null, prev: null }, results: [] })
  })

  it('reads that 404 to a view as an empty list with no view applied: the public API answers no views', async () => {
    const { client } = clientAnswering(json({ error: 'There is nothing here' }, 404))
    const schema = viewPageSchema(LOCATIONS.record)
    const result = await client.view(LOCATIONS, { name: 'zzz' }, 1, '_sort=name', schema)
    expect(result).toEqual({ info: { count: 0, pages: 0, next: null, prev: null }, results: [] })
  })

  it('reads a 404 on a later page as not found (a page beyond the last)', async () => {
    const { client } = clientAnswering(json({ error: 'There is nothing here' }, 404))
    expect((await failureOf(client.list(LOCATIONS, {}, 99))).kind).toBe('notFound')
  })

  it('normalises a single object and an array answer for an id request', async () => {
    const single = clientAnswering(json(location(7)))
    expect(await single.client.many(LOCATIONS, [7])).toEqual([location(7)])
    const several = clientAnswering(json([location(1), location(5)]))
    expect(await several.client.many(LOCATIONS, [1, 5, 9])).toEqual([location(1), location(5)])
    expect(String(several.fetchImpl.mock.calls[0]?.[0])).toBe('https://api.test/v1/locations/1,5,9')
    const arrayForOne = clientAnswering(json([location(7)]))
    expect(await arrayForOne.client.one(LOCATIONS, 7)).toEqual(location(7))
  })

  it('maps an unknown single id to not found', async () => {
    const { client } = clientAnswering(json({ error: 'Location not found' }, 404))
    const error = await failureOf(client.one(LOCATIONS, 999))
    expect(error.kind).toBe('notFound')
    expect(error.detail).toBe('Location not found')
  })

  it.each([
    [400, 'badRequest'],
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'notFound'],
    [405, 'badRequest'],
    [429, 'rateLimited'],
    [500, 'server'],
    [503, 'server'],
  ] as const)('maps status %i to %s', async (status, kind) => {
    const { client } = clientAnswering(json({ error: 'Something.' }, status))
    const error = await failureOf(client.one(EPISODES, 2))
    expect(error.kind).toBe(kind)
    expect(error.status).toBe(status)
  })

  it('keeps the Retry-After seconds of a 429', async () => {
    const { client } = clientAnswering(json({ error: 'Slow down.' }, 429, { 'Retry-After': '7' }))
    const error = await failureOf(client.list(LOCATIONS, {}, 1))
    expect(error.retryAfter).toBe(7)
    expect(error.message).toBe('Too many requests. Trying again in 7 seconds.')
  })

  it('reports the status of a server failure', async () => {
    const { client } = clientAnswering(new Response('oops', { status: 502 }))
    expect((await failureOf(client.list(LOCATIONS, {}, 1))).message).toBe(
      'The catalogue service had a problem (502).',
    )
  })

  it('maps a failed fetch to a network error', async () => {
    const { client } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')))
    const error = await failureOf(client.list(LOCATIONS, {}, 1))
    expect(error.kind).toBe('network')
    expect(error.message).toBe('The catalogue service could not be reached.')
  })

  it('lets a cancelled request end as an abort, not as a network error', async () => {
    const controller = new AbortController()
    const { client } = clientAnswering(() => {
      controller.abort()
      return Promise.reject(new DOMException('aborted', 'AbortError'))
    })
    await expect(client.list(LOCATIONS, {}, 1, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    })
  })

  it('reports a body that does not match the schema as an unexpected format', async () => {
    const { client } = clientAnswering(json({ info: { count: 'many' }, results: {} }))
    const error = await failureOf(client.list(LOCATIONS, {}, 1))
    expect(error.kind).toBe('invalidResponse')
    expect(error.message).toMatch(/unexpected format/)
  })

  it('reports a 200 that is not JSON as an unexpected format', async () => {
    const { client } = clientAnswering(new Response('<html>', { status: 200 }))
    expect((await failureOf(client.one(LOCATIONS, 1))).kind).toBe('invalidResponse')
  })

  it('never puts the key in an error, even when the service repeats it', async () => {
    const { client } = clientAnswering(json({ error: `The key ${KEY} is not valid for page.` }, 400))
    const error = await failureOf(client.list(LOCATIONS, {}, 1))
    expect(error.message).not.toContain(KEY)
    expect(error.detail).not.toContain(KEY)
    expect(JSON.stringify(error)).not.toContain(KEY)
    expect(error.message).toContain('[hidden]')
  })
})
