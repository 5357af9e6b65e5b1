// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogueVersions } from '../../api/catalogue-versions'
import { createClient } from '../../api/client'
import { ConnectionContext } from '../../api/connection-in-use'
import { fixedConnectionStore } from '../../app/connection/fixed-connection'
import { indexCompleteness } from '../client/index-completeness'
import { setOffline } from '../client/offline-state'
import type { IndexStatus } from '../protocol/worker-api'

/** The worker of this tab, as the hooks reach it; its index is complete unless a test says otherwise. */
const worker = {
  status: vi.fn<() => Promise<IndexStatus>>(),
  channelName: vi.fn(async () => 'catalogue-index-test'),
  build: vi.fn(),
}
vi.mock('../client/index-client', () => ({
  indexWorker: () => worker,
  plainConnection: (connection: { baseUrl: string; apiKey: string }) => connection,
}))
// jsdom has no Web Worker: this browser is said to keep the index.
vi.mock('./index-support', () => ({ useIndexSupport: () => true }))

const { indexPageState, useIndexAnswer } = await import('./use-index-answer')
type Answer = ReturnType<typeof useIndexAnswer<string>>

const complete: IndexStatus = {
  collections: [],
  complete: true,
  updatedAt: 1_700_000_000_000,
  building: false,
  catalogueVersion: null,
}
let latest: Answer | null = null

function Probe({ ask, keepsStaleAnswer }: { ask: () => Promise<string | null>; keepsStaleAnswer: boolean }) {
  latest = useIndexAnswer({
    key: (baseUrl, updatedAt) => ['test', baseUrl, updatedAt],
    ask,
    keepsStaleAnswer,
  })
  return null
}

function renderWith(ask: () => Promise<string | null>, keepsStaleAnswer = false) {
  const connection = { baseUrl: '', apiKey: 'k' }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConnectionContext value={fixedConnectionStore({ demoKey: 'k' }, connection, createClient(connection))}>
        <Probe ask={ask} keepsStaleAnswer={keepsStaleAnswer} />
      </ConnectionContext>
    </QueryClientProvider>,
  )
}

const answer = () => {
  if (!latest) throw new Error('The probe has not rendered.')
  return latest
}

beforeEach(() => {
  worker.status.mockResolvedValue(complete)
  // Each test is a new page: nothing is known of the index before the worker says.
  indexCompleteness.seen({ baseUrl: '', apiKey: 'k' }, false)
})
afterEach(() => {
  cleanup()
  latest = null
})

describe('a question for the index', () => {
  it('is asked once the index is complete, and answered with the index’s date', async () => {
    const ask = vi.fn(async () => 'the answer')
    renderWith(ask)
    await vi.waitFor(() => expect(answer().data).toBe('the answer'))
    expect(answer()).toMatchObject({ supported: true, complete: true, error: null })
    expect(indexPageState(answer())).toEqual({
      state: 'ready',
      data: 'the answer',
      updatedAt: complete.updatedAt,
      kept: false,
    })
  })

  it('is not asked while the index is incomplete: the page waits for it, and may build it', async () => {
    worker.status.mockResolvedValue({ ...complete, complete: false, updatedAt: null })
    const ask = vi.fn(async () => 'the answer')
    renderWith(ask)
    await vi.waitFor(() => expect(answer().status).not.toBeNull())
    expect(ask).not.toHaveBeenCalled()
    expect(indexPageState(answer())).toMatchObject({ state: 'waiting' })
  })

  it('found incomplete when asked (dropped meanwhile) is waiting for the index, never a failure', async () => {
    const ask = vi.fn(async () => null)
    renderWith(ask)
    await vi.waitFor(() => expect(ask).toHaveBeenCalled())
    await vi.waitFor(() => expect(answer().complete).toBe(false))
    expect(answer().error).toBeNull()
    expect(indexPageState(answer())).toMatchObject({ state: 'waiting' })
  })

  it('is asked at once on a page where the worker said it was complete, before it says so again', async () => {
    indexCompleteness.seen({ baseUrl: '', apiKey: 'k' }, true)
    worker.status.mockReturnValue(new Promise(() => {}))
    const ask = vi.fn(async () => 'the answer')
    renderWith(ask)
    await vi.waitFor(() => expect(answer().data).toBe('the answer'))
    expect(answer().status).toBeNull()
  })

  it('asked before the worker says, is asked once: under the date the page saw, which the worker then says again', async () => {
    indexCompleteness.seen({ baseUrl: '', apiKey: 'k' }, true, complete.updatedAt)
    let say: (status: IndexStatus) => void = () => {}
    worker.status.mockReturnValue(new Promise((resolve) => (say = resolve)))
    const ask = vi.fn(async () => 'the answer')
    renderWith(ask)
    await vi.waitFor(() => expect(answer().data).toBe('the answer'))
    await act(async () => say(complete))
    await vi.waitFor(() => expect(answer().status).not.toBeNull())
    expect(answer().data).toBe('the answer')
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('that fails is a failure, which Retry asks again', async () => {
    const ask = vi
      .fn()
      .mockRejectedValueOnce(new Error('The worker stopped.'))
      .mockResolvedValue('the answer')
    renderWith(ask)
    await vi.waitFor(() => expect(answer().error).toBeInstanceOf(Error))
    expect(indexPageState(answer())).toMatchObject({ state: 'failed' })
    await act(async () => answer().retry())
    await vi.waitFor(() => expect(answer().data).toBe('the answer'))
  })
})

describe('an index read from another catalogue than the service serves now (contract §13)', () => {
  it('answers nothing while the service can, says it is stale, and answers again once current', async () => {
    worker.status.mockResolvedValue({ ...complete, catalogueVersion: 'v1' })
    catalogueVersions.hear('', 'v2')
    const ask = vi.fn(async () => 'the answer')
    renderWith(ask)
    await vi.waitFor(() => expect(answer().status).not.toBeNull())
    expect(answer()).toMatchObject({ stale: true, complete: false })
    expect(ask).not.toHaveBeenCalled()
    expect(indexPageState(answer())).toMatchObject({ state: 'waiting' })
    // The list's loader reads the same: not ready.
    await vi.waitFor(() => expect(indexCompleteness.known({ baseUrl: '', apiKey: 'k' })).toBe(false))
    await act(async () => catalogueVersions.hear('', 'v1'))
    await vi.waitFor(() => expect(answer().data).toBe('the answer'))
    expect(answer().stale).toBe(false)
  })

  it('keeps an answer shown before the change when asked to (a comparison), marked kept, and asks nothing new', async () => {
    worker.status.mockResolvedValue({ ...complete, catalogueVersion: 'v1' })
    catalogueVersions.hear('', 'v1')
    const ask = vi.fn(async () => 'the answer')
    renderWith(ask, true)
    await vi.waitFor(() => expect(answer().data).toBe('the answer'))
    expect(indexPageState(answer())).toMatchObject({ state: 'ready', kept: false })
    await act(async () => catalogueVersions.hear('', 'v2'))
    await vi.waitFor(() => expect(answer().stale).toBe(true))
    expect(answer()).toMatchObject({ complete: false, kept: true, data: 'the answer' })
    expect(indexPageState(answer())).toMatchObject({ state: 'ready', data: 'the answer', kept: true })
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('drops an answer shown before the change otherwise: the page waits for a current index', async () => {
    worker.status.mockResolvedValue({ ...complete, catalogueVersion: 'v1' })
    catalogueVersions.hear('', 'v1')
    renderWith(vi.fn(async () => 'the answer'))
    await vi.waitFor(() => expect(answer().data).toBe('the answer'))
    await act(async () => catalogueVersions.hear('', 'v2'))
    await vi.waitFor(() => expect(answer().stale).toBe(true))
    expect(answer()).toMatchObject({ kept: false, data: undefined })
    expect(indexPageState(answer())).toMatchObject({ state: 'waiting' })
  })

  it('answers offline, with its date, however stale', async () => {
    worker.status.mockResolvedValue({ ...complete, catalogueVersion: 'v1' })
    catalogueVersions.hear('', 'v3')
    setOffline(complete.updatedAt)
    try {
      renderWith(vi.fn(async () => 'the answer'))
      await vi.waitFor(() => expect(answer().data).toBe('the answer'))
      expect(answer().stale).toBe(true)
    } finally {
      setOffline(null)
    }
  })

  it('is current when the service names no version', async () => {
    worker.status.mockResolvedValue({ ...complete, catalogueVersion: 'v1' })
    catalogueVersions.hear('', null)
    renderWith(vi.fn(async () => 'the answer'))
    await vi.waitFor(() => expect(answer().data).toBe('the answer'))
    expect(answer().stale).toBe(false)
  })
})
