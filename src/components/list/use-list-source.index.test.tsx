// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../app/render-app.fixture'
import { type Location, locations } from '../../catalogue'
import type { DataViewPage } from '../../catalogue/views/view'
import type { IndexStatus } from '../../catalogue-index/protocol/worker-api'
import { collectionQueries } from '../../lib/page/collection-queries'

/** The worker of this tab, as the hooks reach it: its index is complete. */
const worker = {
  status: vi.fn<() => Promise<IndexStatus>>(),
  channelName: vi.fn(async () => 'catalogue-index-test'),
  build: vi.fn(),
  view: vi.fn<() => Promise<DataViewPage<Location> | null>>(),
}
vi.mock('../../catalogue-index/client/index-client', () => ({
  indexWorker: () => worker,
  plainConnection: (connection: { baseUrl: string; apiKey: string }) => connection,
}))
// jsdom has no Web Worker: this browser is said to keep the index.
vi.mock('../../catalogue-index/hooks/index-support', () => ({
  useIndexSupport: () => true,
  useIndexSupported: () => true,
}))

const { useListSource } = await import('./use-list-source')
const { useListUrl } = await import('./use-list-url')

const queries = collectionQueries(locations)
const complete: IndexStatus = {
  collections: [],
  complete: true,
  updatedAt: 1_700_000_000_000,
  building: false,
  catalogueVersion: null,
}
const planet: Location = {
  id: 3,
  name: 'Place 3',
  type: 'Planet',
  dimension: 'C-137',
  residents: [],
  url: 'http://catalogue.test/v1/locations/3',
  created: '2017-11-10T12:42:04.162Z',
}
const indexed: DataViewPage<Location> = {
  info: { count: 1, pages: 1, next: null, prev: null },
  results: [planet],
  facets: [],
}

let latest: ReturnType<typeof useListSource<Location, 'name' | 'type' | 'dimension'>> | null = null

function Probe() {
  const url = useListUrl(locations)
  latest = useListSource({ collection: locations, queries }, url.state)
  return null
}

const answer = () => {
  if (!latest) throw new Error('The probe has not rendered.')
  return latest
}

beforeEach(() => {
  worker.status.mockResolvedValue(complete)
})
afterEach(() => {
  cleanup()
  latest = null
  vi.clearAllMocks()
})

describe('the rows of a view the complete index answers', () => {
  it('fail in the list’s shape, and Retry asks the index again', async () => {
    worker.view.mockRejectedValueOnce(new Error('IndexedDB could not be read.')).mockResolvedValue(indexed)
    const fetchFake = vi.fn(async () =>
      Response.json({ info: { count: 1, pages: 1, next: null, prev: null }, results: [planet] }),
    )
    renderApp([{ path: '/locations', element: <Probe />, loader: () => null }], '/locations?_sort=name', {
      fetch: fetchFake,
    })
    await vi.waitFor(() => expect(answer().error).toBeInstanceOf(Error))
    expect(answer()).toMatchObject({ source: 'index', page: undefined })
    await act(async () => answer().retry())
    await vi.waitFor(() => expect(answer().page?.results.map((record) => record.id)).toEqual([3]))
    expect(answer().error).toBeNull()
    expect(worker.view).toHaveBeenCalledTimes(2)
  })
})
