import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { CatalogueClient } from '../api/client'
import { locations as LOCATIONS } from '../catalogue'
import { collectionQueries } from './collection-queries'

const record = {
  id: 4,
  name: 'Four',
  type: '',
  dimension: '',
  residents: [],
  url: 'https://x.test/v1/locations/4',
  created: '2017-11-10T12:42:04.162Z',
}

function fakeClient(): CatalogueClient {
  return {
    list: vi.fn(async () => ({ info: { count: 1, pages: 1, next: null, prev: null }, results: [record] })),
    one: vi.fn(async () => record),
    many: vi.fn(async () => [record]),
  } as unknown as CatalogueClient
}

describe('collection queries', () => {
  const queries = collectionQueries(LOCATIONS)

  it('builds keys from general to specific', () => {
    expect(queries.keys.list({ name: 'earth' }, 2)).toEqual(['locations', 'list', { name: 'earth' }, 2])
    expect(queries.keys.detail(7)).toEqual(['locations', 'detail', 7])
    expect(queries.keys.list({}, 1).slice(0, 1)).toEqual(queries.keys.all)
  })

  it('passes React Query’s abort signal to the client', async () => {
    const client = fakeClient()
    const queryClient = new QueryClient()
    await queryClient.fetchQuery(queries.list(client, { name: 'four' }, 3))
    expect(client.list).toHaveBeenCalledWith(LOCATIONS, { name: 'four' }, 3, expect.any(AbortSignal))
  })

  it('seeds the detail cache from list rows, so a detail needs no request', async () => {
    const client = fakeClient()
    const queryClient = new QueryClient()
    queries.seedDetails(queryClient, [record])
    const detail = await queryClient.fetchQuery(queries.detail(client, 4))
    expect(detail).toEqual(record)
    expect(client.one).not.toHaveBeenCalled()
  })
})
