// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IndexStatus } from '../protocol/worker-api'
import { useIndexStatus } from './use-index-status'

const notBuilt: IndexStatus = {
  collections: [{ collection: 'locations', count: 126, pages: 7, pagesDone: 0, records: 0, complete: false }],
  complete: false,
  updatedAt: null,
  building: false,
  catalogueVersion: null,
}
const worker = {
  status: vi.fn(async () => notBuilt),
  channelName: vi.fn(async () => 'index-test'),
  build: vi.fn(async () => ({ outcome: 'done', records: 126, elapsedMs: 1 })),
  cancel: vi.fn(),
}

vi.mock('../client/index-client', () => ({
  indexWorker: () => worker,
  plainConnection: (connection: unknown) => connection,
}))
// The page is idle at once here.
vi.mock('../../lib/page/page-idle', () => {
  const now = (...work: (() => void)[]) => {
    for (const piece of work) piece()
    return () => undefined
  }
  return { whenPageIdle: now, whenPageSettled: now }
})

const connection = { baseUrl: '', apiKey: 'key' }

function saveData(on: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: on === undefined ? undefined : { saveData: on },
  })
}

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
  saveData(undefined)
})

describe('a small catalogue indexed unasked', () => {
  it('is built once the page is idle when the page says it may be', async () => {
    const { result } = renderHook(() => useIndexStatus(connection, { autoIndex: true }))
    await waitFor(() => expect(result.current.status).toEqual(notBuilt))
    await waitFor(() => expect(worker.build).toHaveBeenCalledWith(connection, 'auto', false))
  })

  it('is not built unasked when the reader asked the browser to save data, nor where the page says no', async () => {
    saveData(true)
    const saving = renderHook(() => useIndexStatus(connection, { autoIndex: true }))
    await waitFor(() => expect(saving.result.current.status).toEqual(notBuilt))
    saveData(false)
    const large = renderHook(() => useIndexStatus(connection, { autoIndex: false }))
    await waitFor(() => expect(large.result.current.status).toEqual(notBuilt))
    // Both have read their status, after which an automatic build would have been asked at once.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(worker.build).not.toHaveBeenCalled()
  })
})
