// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../api/client'
import { ConnectionContext } from '../../api/connection-in-use'
import { fixedConnectionStore } from '../../app/connection/fixed-connection'
import { indexCompleteness } from '../client/index-completeness'
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
}
let latest: Answer | null = null

function Probe({ ask }: { ask: () => Promise<string | null> }) {
  latest = useIndexAnswer({ key: (baseUrl, updatedAt) => ['test', baseUrl, updatedAt], ask })
  return null
}

function renderWith(ask: () => Promise<string | null>) {
  const connection = { baseUrl: '', apiKey: 'k' }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConnectionContext value={fixedConnectionStore({ demoKey: 'k' }, connection, createClient(connection))}>
        <Probe ask={ask} />
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
