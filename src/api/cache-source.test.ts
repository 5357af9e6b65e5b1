import { describe, expect, it } from 'vitest'
import { answeredFromCache } from './cache-source'

const URL = 'https://api.test/v1/locations'
const timing = (startTime: number, transferSize: number, decodedBodySize: number) => ({
  name: URL,
  entryType: 'resource',
  startTime,
  duration: 1,
  transferSize,
  decodedBodySize,
  toJSON: () => ({}),
})
const timings = (...entries: ReturnType<typeof timing>[]) => ({
  getEntriesByName: (name: string) => entries.filter((entry) => entry.name === name),
})

describe('where an answer came from', () => {
  it('is the browser cache when the request transferred nothing and decoded a body', () => {
    expect(answeredFromCache(URL, 100, timings(timing(100, 0, 812)))).toBe(true)
    expect(answeredFromCache(URL, 100, timings(timing(100, 1200, 812)))).toBe(false)
  })

  it('is the network when unknown: no timing, an older request only, or sizes hidden across origins', () => {
    expect(answeredFromCache(URL, 100, timings())).toBe(false)
    expect(answeredFromCache(URL, 100, timings(timing(50, 0, 812)))).toBe(false)
    expect(answeredFromCache(URL, 100, timings(timing(100, 0, 0)))).toBe(false)
    expect(answeredFromCache(URL, 100, undefined)).toBe(false)
  })
})
