import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CatalogueClient } from '../../api/client'
import { ApiError } from '../../api/errors'
import { requestLog } from '../../api/request-log'
import { locations } from '../../catalogue'
import type { IndexStatus } from '../protocol/worker-api'

const worker = {
  list: vi.fn(),
  records: vi.fn(),
  status: vi.fn(),
  drop: vi.fn(),
}
vi.mock('./index-client', () => ({
  indexWorker: () => worker,
  plainConnection: (connection: { baseUrl: string; apiKey: string }) => connection,
}))

const { withIndexFallback } = await import('./offline-client')
const { setOffline } = await import('./offline-state')

const connection = { baseUrl: 'https://api.example', apiKey: 'k' }
const earth = {
  id: 1,
  name: 'Earth',
  type: 'Planet',
  dimension: 'C-137',
  residents: [],
  url: 'https://api.example/v1/locations/1',
  created: '2017-11-10T12:42:04.162Z',
}
const page = { info: { count: 1, pages: 1, next: null, prev: null }, results: [earth] }
const complete: IndexStatus = {
  collections: [],
  complete: true,
  updatedAt: 1_700_000_000_000,
  building: false,
  catalogueVersion: null,
}

function failing(error: ApiError): CatalogueClient {
  return {
    urlOf: (path) => path,
    service: connection.baseUrl,
    list: () => Promise.reject(error),
    view: () => Promise.reject(error),
    read: () => Promise.reject(error),
    one: () => Promise.reject(error),
    many: () => Promise.reject(error),
  }
}

let offlineAsOf: number | null = null
beforeEach(() => {
  vi.resetAllMocks()
  setOffline(null)
  offlineAsOf = null
  worker.status.mockResolvedValue(complete)
})
// The banner's store, read through a spy on setOffline's effect.
vi.mock('./offline-state', async (original) => {
  const actual = await original<typeof import('./offline-state')>()
  return {
    ...actual,
    setOffline: (asOf: number | null) => {
      offlineAsOf = asOf
      actual.setOffline(asOf)
    },
  }
})

describe('the index answers when the service cannot be reached', () => {
  it('gives the same list from a complete index, and sets the offline banner to the index date', async () => {
    worker.list.mockResolvedValue(page)
    const client = withIndexFallback(failing(new ApiError('network')), connection)
    await expect(client.list(locations, { type: 'planet' }, 1)).resolves.toEqual(page)
    expect(worker.list).toHaveBeenCalledWith(connection, 'locations', { type: 'planet' }, 1)
    expect(offlineAsOf).toBe(complete.updatedAt)
  })

  it('logs each answer of the index under the address it stands in for, as from the index', async () => {
    worker.list.mockResolvedValue(page)
    worker.records.mockResolvedValue([earth])
    const client = withIndexFallback(failing(new ApiError('network')), connection)
    const before = requestLog.lastSeq()
    await client.list(locations, { type: 'planet' }, 1)
    await client.one(locations, 1)
    const logged = requestLog.entries().filter((entry) => entry.seq > before)
    expect(logged).toMatchObject([
      {
        path: '/v1/locations?type=planet',
        base: 'https://api.example',
        status: 200,
        source: 'index',
        body: page,
      },
      { path: '/v1/locations/1', status: 200, source: 'index', body: earth },
    ])
    expect(logged[0]?.size).toBe(JSON.stringify(page).length)
  })

  it('answers a page beyond the last with not found, as the service does', async () => {
    worker.list.mockResolvedValue(page)
    const client = withIndexFallback(failing(new ApiError('network')), connection)
    await expect(client.list(locations, {}, 2)).rejects.toMatchObject({ kind: 'notFound' })
  })

  it('gives records by id, and a missing one as not found', async () => {
    worker.records.mockResolvedValueOnce([earth]).mockResolvedValueOnce([])
    const client = withIndexFallback(failing(new ApiError('network')), connection)
    await expect(client.one(locations, 1)).resolves.toEqual(earth)
    await expect(client.one(locations, 9)).rejects.toMatchObject({ kind: 'notFound' })
  })

  it('keeps the service failure when there is no complete index', async () => {
    worker.list.mockResolvedValue(null)
    worker.status.mockResolvedValue({ ...complete, complete: false })
    const client = withIndexFallback(failing(new ApiError('network')), connection)
    await expect(client.list(locations, {}, 1)).rejects.toMatchObject({ kind: 'network' })
    expect(offlineAsOf).toBeNull()
  })

  it('does not answer from the index when the service answers with an error of its own', async () => {
    const client = withIndexFallback(failing(new ApiError('server', { status: 500 })), connection)
    await expect(client.list(locations, {}, 1)).rejects.toMatchObject({ kind: 'server' })
    expect(worker.list).not.toHaveBeenCalled()
  })

  it('drops the index when the service refuses the key', async () => {
    const client = withIndexFallback(failing(new ApiError('unauthorized', { status: 401 })), connection)
    await expect(client.list(locations, {}, 1)).rejects.toMatchObject({ kind: 'unauthorized' })
    await vi.waitFor(() => expect(worker.drop).toHaveBeenCalledWith(connection))
  })

  it('keeps the banner when an answer arrives, since the browser may have kept it from before', async () => {
    setOffline(5)
    const online: CatalogueClient = {
      ...failing(new ApiError('network')),
      list: async (collection) => collection.page.parse(page),
    }
    await withIndexFallback(online, connection).list(locations, {}, 1)
    expect(offlineAsOf).toBe(5)
  })
})
