import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { type CatalogueClient, createClient } from '../../api/client'
import { locations as LOCATIONS, type Location } from '../../catalogue'
import { collectionQueries } from './collection-queries'

const KEY = 'a-secret-key-7f3a'

const recordOf = (id: number, name: string, host: string): Location => ({
  id,
  name,
  type: '',
  dimension: '',
  residents: [],
  url: `${host}/v1/locations/${id}`,
  created: '2017-11-10T12:42:04.162Z',
})
const record = recordOf(4, 'Four', 'https://x.test')

const pageOf = (records: Location[], pages = 1) => ({
  info: { count: records.length, pages, next: null, prev: null },
  results: records,
})
/** Never answers: a request still on its way. */
const pending = () => new Promise<never>(() => undefined)

/**
 * A client of the service at `service` whose every answer holds one record (`named`), or, for the list
 * pages `waiting` names, no answer yet.
 */
function fakeClient(
  service = 'https://x.test',
  named = record,
  waiting: (page: number) => boolean = () => false,
) {
  const fake = {
    service,
    urlOf: (path: string) => `${service}${path}`,
    list: vi.fn(async (_collection: unknown, _filters: unknown, page: number) =>
      waiting(page) ? pending() : pageOf([named], 2),
    ),
    one: vi.fn(async () => named),
    many: vi.fn(async () => [named]),
  }
  // The fake answers locations only, which is all these tests ask of it.
  return Object.assign(fake as unknown as CatalogueClient, { calls: fake })
}

describe('collection queries', () => {
  const queries = collectionQueries(LOCATIONS)

  it('builds keys from general to specific, under the service', () => {
    expect(queries.keys.list('https://x.test', { name: 'earth' }, 2)).toEqual([
      'https://x.test',
      'locations',
      'list',
      { name: 'earth' },
      2,
    ])
    expect(queries.keys.detail('', 7)).toEqual(['', 'locations', 'detail', 7])
    expect(queries.keys.list('', {}, 1).slice(0, 2)).toEqual(queries.keys.all(''))
  })

  it('passes React Query’s abort signal to the client', async () => {
    const client = fakeClient()
    const queryClient = new QueryClient()
    await queryClient.fetchQuery(queries.list(client, { name: 'four' }, 3))
    expect(client.calls.list).toHaveBeenCalledWith(LOCATIONS, { name: 'four' }, 3, expect.any(AbortSignal))
  })

  it('seeds the detail cache from list rows, so a detail needs no request', async () => {
    const client = fakeClient()
    const queryClient = new QueryClient()
    queries.seedDetails(queryClient, client, [record])
    const detail = await queryClient.fetchQuery(queries.detail(client, 4))
    expect(detail).toEqual(record)
    expect(client.calls.one).not.toHaveBeenCalled()
  })

  it('never answers one service’s page, record or comparison from another’s cache', async () => {
    const ours = fakeClient('', recordOf(4, 'Ours', ''))
    const theirs = fakeClient('https://other.example', recordOf(4, 'Theirs', 'https://other.example'))
    const queryClient = new QueryClient()
    await queryClient.fetchQuery(queries.list(ours, {}, 1))
    await queryClient.fetchQuery(queries.many(ours, [4, 5]))
    queries.seedDetails(queryClient, ours, [recordOf(4, 'Ours', '')])

    const page = await queryClient.ensureQueryData(queries.list(theirs, {}, 1))
    const one = await queryClient.ensureQueryData(queries.detail(theirs, 4))
    const many = await queryClient.ensureQueryData(queries.many(theirs, [4, 5]))

    expect(page.results.map(({ name }) => name)).toEqual(['Theirs'])
    expect(one.name).toBe('Theirs')
    expect(many.map(({ name }) => name)).toEqual(['Theirs'])
    expect(theirs.calls.list).toHaveBeenCalledTimes(1)
    expect(theirs.calls.one).toHaveBeenCalledTimes(1)
    expect(theirs.calls.many).toHaveBeenCalledTimes(1)
    // And the first service's answers are still its own.
    expect(queryClient.getQueryData(queries.list(ours, {}, 1).queryKey)?.results[0]?.name).toBe('Ours')
  })

  it('keeps the previous page on screen while the next loads, but not another service’s', async () => {
    const ours = fakeClient('', recordOf(4, 'Ours', ''))
    const theirs = fakeClient('https://other.example', recordOf(4, 'Theirs', 'https://other.example'))
    vi.mocked(theirs.list).mockReturnValue(new Promise(() => undefined)) // still on its way
    vi.mocked(ours.list).mockImplementation(async (_collection, _filters, page) =>
      page === 1
        ? { info: { count: 2, pages: 2, next: null, prev: null }, results: [recordOf(4, 'Ours', '')] }
        : new Promise(() => undefined),
    )
    const queryClient = new QueryClient()
    const observer = new QueryObserver(queryClient, queries.list(ours, {}, 1))
    const stop = observer.subscribe(() => undefined)
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.results[0]?.name).toBe('Ours'))

    observer.setOptions(queries.list(ours, {}, 2))
    expect(observer.getCurrentResult().isPlaceholderData).toBe(true)
    expect(observer.getCurrentResult().data?.results[0]?.name).toBe('Ours')

    observer.setOptions(queries.list(theirs, {}, 1))
    expect(observer.getCurrentResult().data).toBeUndefined()
    stop()
  })

  it('keys a connection’s data by its address, never by its key', () => {
    const client = createClient({ baseUrl: 'https://x.test/', apiKey: KEY })
    const options = [
      queries.list(client, { name: 'a' }, 1),
      queries.detail(client, 1),
      queries.many(client, [1]),
    ]
    for (const { queryKey } of options) {
      expect(queryKey[0]).toBe('https://x.test')
      expect(JSON.stringify(queryKey)).not.toContain(KEY)
    }
  })
})
