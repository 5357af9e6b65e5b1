import { describe, expect, it } from 'vitest'
import { errorOf, parseLog, serveForTests } from '../test/server'

const GOOD_KEY = 'a-good-key-of-enough-length'
const from = (address: string) => ({ 'x-forwarded-for': address })

describe('refused keys are throttled per client address (contract §10)', { timeout: 30_000 }, () => {
  const server = serveForTests({ apiKeys: [GOOD_KEY], rateLimit: 0, trustProxy: true })

  it('answers 429 with Retry-After past a burst of 100, never to an accepted key or another address', async () => {
    // 300 guesses, 10 at a time: far more than the burst plus what refills (20 a second) meanwhile.
    const statuses: number[] = []
    for (let batch = 0; batch < 30; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          server.get('/v1/locations/1', { key: `guess-${batch}-${index}`, headers: from('10.0.0.3') }),
        ),
      )
      for (const response of answers) {
        statuses.push(response.status)
        if (response.status === 429) {
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
          expect(await errorOf(response)).toMatch(/not valid from this address; retry in \d+ seconds?\./)
        } else await response.arrayBuffer()
      }
    }
    expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(100)).toContain(429)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(50)
    expect((await server.get('/v1/locations/1', { key: GOOD_KEY, headers: from('10.0.0.3') })).status).toBe(
      200,
    )
    expect((await server.get('/v1/locations/1', { key: 'guess', headers: from('10.0.0.4') })).status).toBe(
      401,
    )
    // Without a key there is nothing to guess: a plain 401 telling the caller to send one.
    expect((await server.get('/v1/locations/1', { key: null, headers: from('10.0.0.3') })).status).toBe(401)
  })
})

describe('the demo key has a bucket per client address (contract §10)', () => {
  const server = serveForTests({ rateLimit: 1, trustProxy: true })

  it('lets one visitor use up their own burst without touching another visitor’s', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 5; index++) {
      statuses.push((await server.get('/v1/episodes/1', { headers: from('192.0.2.1') })).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    const other = await server.get('/v1/episodes/1', { headers: from('192.0.2.2') })
    expect(other.status).toBe(200)
    expect(other.headers.get('ratelimit-remaining')).toBe('3')
  })
})

describe('client addresses behind a proxy (contract §10)', () => {
  const untrusting = serveForTests({ rateLimit: 1 })

  it('ignores X-Forwarded-For unless CATALOGUE_TRUST_PROXY trusts the proxy', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 5; index++) {
      statuses.push((await untrusting.get('/v1/episodes/2', { headers: from(`198.51.100.${index}`) })).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    const clients = parseLog(untrusting.logs)
      .filter((entry) => entry.msg === 'request')
      .map((entry) => entry.client)
    expect(new Set(clients)).toEqual(new Set(['127.0.0.1']))
  })
})
