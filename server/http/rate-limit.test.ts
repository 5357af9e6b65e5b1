import { describe, expect, it } from 'vitest'
import { errorOf, serveForTests } from '../test/server'
import { TokenBucketLimiter } from './rate-limit'

describe('rate limit over HTTP', () => {
  const server = serveForTests({ rateLimit: 1, apiKeys: ['first', 'second'] })

  it('lets a burst of four times the rate through, then answers 429 with Retry-After; keys are separate', async () => {
    const statuses: number[] = []
    let last: Response | undefined
    for (let index = 0; index < 5; index++) {
      last = await server.get('/v1/episodes/1', { key: 'first' })
      statuses.push(last.status)
      if (index === 0) {
        expect(last.headers.get('ratelimit-limit')).toBe('4')
        expect(last.headers.get('ratelimit-remaining')).toBe('3')
        expect(Number(last.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1)
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    const refused = last as Response
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(refused.headers.get('ratelimit-remaining')).toBe('0')
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await errorOf(refused)).toMatch(
      /^Too many requests: each key may make 1 request a second, in bursts of up to 4; retry in 1 second\.$/,
    )
    expect((await server.get('/v1/episodes/1', { key: 'second' })).status).toBe(200)
    // A caller without a key gets 401, never a 429 it could learn from.
    expect((await server.get('/v1/episodes/1', { key: null })).status).toBe(401)
  })
})

describe('token bucket', () => {
  it('refills at the rate and never beyond the burst', () => {
    let now = 0
    const limiter = new TokenBucketLimiter(10, () => now)
    for (let index = 0; index < 40; index++) expect(limiter.take('a').allowed).toBe(true)
    const refused = limiter.take('a')
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfter: 1, limit: 40 })
    now += 100
    expect(limiter.take('a').allowed).toBe(true)
    expect(limiter.take('a').allowed).toBe(false)
    now += 60_000
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: 39, reset: 1 })
  })
})

describe('rate limit off', () => {
  const server = serveForTests({ rateLimit: 0 })

  it('sends no RateLimit headers and never 429', async () => {
    for (let index = 0; index < 30; index++) {
      const response = await server.get('/v1/locations/1')
      expect(response.status).toBe(200)
      expect(response.headers.get('ratelimit-limit')).toBeNull()
    }
  })
})
