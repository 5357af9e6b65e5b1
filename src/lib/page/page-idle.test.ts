// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { fakeIdleMoments } from './idle-moments.fixture'
import { SETTLE_MS, whenPageIdle, whenPageSettled } from './page-idle'

const { runIdle } = fakeIdleMoments()

describe('work no one has asked for', () => {
  it('waits for the page to load, then runs one piece per idle moment, in order', () => {
    let readyState: DocumentReadyState = 'interactive'
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState)
    const ran: string[] = []
    whenPageIdle(
      () => ran.push('a'),
      () => ran.push('b'),
    )
    runIdle()
    expect(ran).toEqual([]) // the page is still loading
    readyState = 'complete'
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(0)
    runIdle()
    expect(ran).toEqual(['a'])
    runIdle()
    expect(ran).toEqual(['a', 'b'])
  })

  it('waits, for work no one has asked for, until the page has loaded and settled', () => {
    let readyState: DocumentReadyState = 'interactive'
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState)
    const ran: string[] = []
    whenPageSettled(
      () => ran.push('a'),
      () => ran.push('b'),
    )
    runIdle()
    expect(ran).toEqual([]) // the page is still loading
    readyState = 'complete'
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(SETTLE_MS - 1)
    runIdle()
    expect(ran).toEqual([]) // loaded, not settled
    vi.advanceTimersByTime(1)
    expect(ran).toEqual([]) // settled: waiting for an idle moment
    runIdle()
    expect(ran).toEqual(['a'])
    runIdle()
    expect(ran).toEqual(['a', 'b'])
  })

  it('runs nothing more once cancelled', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete')
    const ran: string[] = []
    const cancel = whenPageSettled(
      () => ran.push('a'),
      () => ran.push('b'),
    )
    vi.advanceTimersByTime(SETTLE_MS)
    runIdle()
    cancel()
    runIdle()
    expect(ran).toEqual(['a'])
  })
})
