import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { throttleLatest } from './throttle-latest'

describe('throttleLatest', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('passes the first value at once and the latest of a burst at the end of the interval', () => {
    const sent: number[] = []
    const send = throttleLatest((value: number) => sent.push(value), 1000)
    send(1)
    send(2)
    send(3)
    expect(sent).toEqual([1])
    vi.advanceTimersByTime(999)
    expect(sent).toEqual([1])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual([1, 3])
  })

  it('never drops the last value, even when nothing follows it', () => {
    const sent: number[] = []
    const send = throttleLatest((value: number) => sent.push(value), 1000)
    send(1)
    vi.advanceTimersByTime(400)
    send(2)
    vi.advanceTimersByTime(10_000)
    expect(sent).toEqual([1, 2])
    send(3)
    expect(sent).toEqual([1, 2, 3])
  })

  it('sends nothing after cancel', () => {
    const sent: number[] = []
    const send = throttleLatest((value: number) => sent.push(value), 1000)
    send(1)
    send(2)
    send.cancel()
    vi.advanceTimersByTime(10_000)
    expect(sent).toEqual([1])
  })
})
