import { notifyManager, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client'

describe("the app's query client", () => {
  it('tells a page of an answer in the task that brought it, not in a task of its own', async () => {
    const client = createQueryClient()
    const observer = new QueryObserver<string[]>(client, { queryKey: ['rows'], enabled: false })
    const seen: unknown[] = []
    // As `useQuery` listens: React hears of a change through the notify manager's batches.
    const stop = observer.subscribe(notifyManager.batchCalls((result) => seen.push(result.data)))
    client.setQueryData(['rows'], ['a row'])
    await Promise.resolve()
    stop()
    expect(seen).toEqual([['a row']])
  })
})
