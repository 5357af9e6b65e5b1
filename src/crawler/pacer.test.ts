import { describe, expect, it } from 'vitest'
import { rateLimitHeaders } from '../../server/http/api-gate'
import { type RateLimitDecision, TokenBucketLimiter } from '../../server/http/rate-limit'
import { locations } from '../catalogue'
import { crawl } from './crawl'
import { readRateLimit } from './pacer'
import { FakeClock } from './testing/fake-clock'
import { BASE, fakeService, json, KEY, type SentRequest } from './testing/fake-service'

/** The service's own token bucket (contract section 8), on simulated time, behind the fake catalogue. */
function limitedService(rate: number, records: number, latencyMs = 80) {
  const clock = new FakeClock()
  const limiter = new TokenBucketLimiter(rate, () => clock.now())
  const decisions = new WeakMap<SentRequest, RateLimitDecision>()
  const crawlerDecisions: RateLimitDecision[] = []
  const fake = fakeService({
    clock,
    locations: records,
    latency: () => latencyMs,
    override: (request) => {
      const decision = limiter.take('key')
      crawlerDecisions.push(decision)
      decisions.set(request, decision)
      return decision.allowed
        ? undefined
        : json({ error: 'Too many requests.' }, 429, rateLimitHeaders(decision))
    },
    headers: (request) => {
      const decision = decisions.get(request)
      return decision ? rateLimitHeaders(decision) : {}
    },
  })
  const run = () =>
    clock.run(
      crawl({
        baseUrl: BASE,
        apiKey: KEY,
        fetch: fake.fetch,
        lists: [{ collection: locations }],
        onPage: () => undefined,
        clock,
      }),
    )
  return { clock, limiter, fake, crawlerDecisions, run }
}

describe('pacing by the rate-limit headers', () => {
  it('never takes the key below half its limit, and spends at most half of what comes back', async () => {
    const { fake, crawlerDecisions, limiter, run } = limitedService(2, 40 * 20)
    const summary = await run()
    expect(summary.pagesRead).toBe(40)
    expect(crawlerDecisions.every((decision) => decision.allowed)).toBe(true)
    const half = limiter.capacity / 2
    expect(Math.min(...crawlerDecisions.map((decision) => decision.remaining))).toBe(half)
    // Over any stretch, at most half the burst plus half the refill (one request a second at a rate of two).
    const times = fake.requests.map((request) => request.at)
    for (let first = 0; first < times.length; first++) {
      for (let last = first + 1; last < times.length; last++) {
        const seconds = ((times[last] as number) - (times[first] as number)) / 1000
        expect(last - first + 1).toBeLessThanOrEqual(half + 1 + (seconds * limiter.rate) / 2)
      }
    }
    // …and not much slower than that: the crawl is paced, not stalled.
    expect(summary.elapsedMs / 1000).toBeLessThan(40 - half + 2)
  })

  it('leaves the user’s own browsing alone: someone using half the rate meanwhile is never refused', async () => {
    const { clock, limiter, crawlerDecisions, run } = limitedService(2, 30 * 20)
    const userDecisions: RateLimitDecision[] = []
    let crawling = true
    const browse = async () => {
      while (crawling) {
        await clock.sleep(1000)
        userDecisions.push(limiter.take('key'))
      }
    }
    void browse()
    await run()
    crawling = false
    expect(userDecisions.length).toBeGreaterThan(10)
    expect(userDecisions.every((decision) => decision.allowed)).toBe(true)
    expect(crawlerDecisions.every((decision) => decision.allowed)).toBe(true)
  })

  it('a crawler slower than the refill still learns the rate from what comes back, and keeps to half of it', async () => {
    // Two requests in flight at 80 ms each: at most 25 a second, half the rate, so the allowance stays nearly full
    // and the headers alone would say little more than one request a second.
    const { fake, crawlerDecisions, limiter, run } = limitedService(50, 600 * 20)
    const summary = await run()
    expect(summary.pagesRead).toBe(600)
    expect(crawlerDecisions.every((decision) => decision.allowed)).toBe(true)
    // At most half the burst plus half the refill over any stretch…
    const half = limiter.capacity / 2
    const times = fake.requests.map((request) => request.at)
    const beyond: string[] = []
    for (let first = 0; first < times.length; first += 10) {
      for (let last = first + 1; last < times.length; last++) {
        const seconds = ((times[last] as number) - (times[first] as number)) / 1000
        if (last - first + 1 > half + 1 + (seconds * limiter.rate) / 2) beyond.push(`${first}–${last}`)
      }
    }
    expect(beyond).toEqual([])
    // …and at least half of what the crawler can do (12.5 pages a second after its first burst), not a trickle.
    expect(summary.elapsedMs / 1000).toBeLessThan((600 - half) / 12.5 + 10)
  }, 30_000)

  it('goes at full speed against a service that sends no rate-limit headers', async () => {
    const clock = new FakeClock()
    const fake = fakeService({ clock, locations: 200, latency: () => 100 })
    const summary = await clock.run(
      crawl({
        baseUrl: BASE,
        apiKey: KEY,
        fetch: fake.fetch,
        lists: [{ collection: locations }],
        onPage: () => undefined,
        clock,
      }),
    )
    // Ten pages, two at a time after the first: 100 ms + 5 × 100 ms.
    expect(summary.elapsedMs).toBe(600)
  })

  it('reads the three headers, and nothing from a partial or malformed set', () => {
    const headers = (values: Record<string, string>) => new Headers(values)
    expect(
      readRateLimit(headers({ 'RateLimit-Limit': '8', 'RateLimit-Remaining': '5', 'RateLimit-Reset': '2' })),
    ).toEqual({ limit: 8, remaining: 5, reset: 2 })
    expect(readRateLimit(headers({ 'RateLimit-Limit': '8', 'RateLimit-Remaining': '5' }))).toBeNull()
    expect(
      readRateLimit(headers({ 'RateLimit-Limit': 'x', 'RateLimit-Remaining': '5', 'RateLimit-Reset': '2' })),
    ).toBeNull()
  })
})
