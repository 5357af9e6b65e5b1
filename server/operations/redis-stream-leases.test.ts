import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { LiveCatalogue } from '../catalogue/live-catalogue'
import type { CollectionSource } from '../catalogue/source'
import { generateDataset } from '../data/generate'
import { createStore } from '../dataset/store'
import type { StreamLeases } from '../http/stream-leases'
import { startRedis, type TestRedis } from '../test/redis'
import { RedisRateLimiter } from './redis-rate-limit'

/*
 * One stream at a time per rate bucket across replicas (contract §12): the lease lives in Redis, renewed while
 * its stream runs, and lapses by itself when its replica dies; while Redis does not answer, each replica keeps
 * its own leases.
 */

const KEYS = ['lease-key-one-2c81', 'lease-key-two-5d07']
const TTL_MS = 600
let redis: TestRedis
const limiters: RedisRateLimiter[] = []

function replica(timeout = 1000): { limiter: RedisRateLimiter; leases: StreamLeases } {
  const limiter = new RedisRateLimiter({ url: redis.url, rate: 50, keys: KEYS, timeout, say: () => {} })
  limiters.push(limiter)
  return { limiter, leases: limiter.streamLeases(TTL_MS) }
}

beforeAll(async () => {
  redis = await startRedis()
})

afterAll(async () => {
  await Promise.all(limiters.map((limiter) => limiter.close()))
})

describe('stream leases shared through Redis', { timeout: 60_000 }, () => {
  it('hold one stream per bucket across replicas, until it is given back', async () => {
    const [first, second] = [replica(), replica()]
    await Promise.all([first.limiter.connect(), second.limiter.connect()])
    const held = await first.leases.take('key:one')
    expect(held).not.toBeNull()
    expect(await second.leases.take('key:one')).toBeNull()
    expect(await first.leases.take('key:one')).toBeNull()
    const other = await second.leases.take('demo:198.51.100.7')
    expect(other).not.toBeNull()
    held?.release()
    other?.release()
    await expect
      .poll(async () => {
        const taken = await second.leases.take('key:one')
        taken?.release()
        return taken !== null
      })
      .toBe(true)
  })

  it('keep a running stream’s lease alive past its expiry, and let a dead replica’s lease lapse', async () => {
    const [living, dying, other] = [replica(), replica(), replica()]
    await Promise.all([living.limiter.connect(), dying.limiter.connect(), other.limiter.connect()])
    const kept = await living.leases.take('key:kept')
    await new Promise((resolve) => setTimeout(resolve, TTL_MS * 3))
    expect(await other.leases.take('key:kept')).toBeNull()
    kept?.release()

    expect(await dying.leases.take('key:orphan')).not.toBeNull()
    // The replica dies with its stream: nothing gives the lease back.
    await dying.limiter.close()
    expect(await other.leases.take('key:orphan')).toBeNull()
    const lapsed = performance.now()
    await expect
      .poll(async () => (await other.leases.take('key:orphan')) !== null, { timeout: 10_000 })
      .toBe(true)
    expect(performance.now() - lapsed).toBeLessThan(TTL_MS * 5)
  })

  it('are kept by each replica on its own while Redis does not answer', async () => {
    const alone = replica(100)
    await alone.limiter.connect()
    redis.pause()
    try {
      const held = await alone.leases.take('key:alone')
      expect(held).not.toBeNull()
      expect(alone.limiter.usingRedis).toBe(false)
      expect(await alone.leases.take('key:alone')).toBeNull()
      held?.release()
      expect(await alone.leases.take('key:alone')).not.toBeNull()
    } finally {
      redis.resume()
    }
  })
})

describe('two services sharing stream leases through Redis', { timeout: 90_000 }, () => {
  const dataset = generateDataset({ locations: 300, episodes: 40, seed: 5 })
  let release = () => {}
  let held: Promise<void> = Promise.resolve()
  const hold = () => {
    held = new Promise((resolve) => {
      release = resolve
    })
  }
  const gated = (source: CollectionSource): CollectionSource =>
    Object.assign(Object.create(source) as CollectionSource, {
      slice: (start: number, end: number) => held.then(() => source.slice(start, end)),
    })
  const apps: FastifyInstance[] = []
  const origins: string[] = []

  beforeAll(async () => {
    for (let index = 0; index < 2; index++) {
      const { limiter, leases } = replica()
      await limiter.connect()
      const store = createStore(dataset)
      const live = new LiveCatalogue({
        contentVersion: store.contentVersion,
        collections: store.collections.map(gated),
      })
      const app = await buildApp({ store: live, apiKeys: KEYS, rateLimit: 50, limiter, streamLeases: leases })
      apps.push(app)
      origins.push(await app.listen({ port: 0, host: '127.0.0.1' }))
    }
  })
  afterAll(async () => {
    release()
    await Promise.all(apps.map((app) => app.close()))
  })

  const stream = (origin: string, key: string) =>
    fetch(`${origin}/v1/locations?_export=csv`, { headers: { authorization: `Bearer ${key}` } })

  it('refuse a key’s second stream on the other replica while its first runs, and serve another key', async () => {
    hold()
    const [one, two] = origins as [string, string]
    const first = await stream(one, KEYS[0] as string)
    expect(first.status).toBe(200)
    const second = await stream(two, KEYS[0] as string)
    expect(second.status).toBe(429)
    expect(second.headers.get('retry-after')).toBe('2')
    await second.text()
    const other = await stream(two, KEYS[1] as string)
    expect(other.status).toBe(200)
    release()
    await Promise.all([first.text(), other.text()])
    await expect
      .poll(async () => {
        const again = await stream(two, KEYS[0] as string)
        await again.text()
        return again.status
      })
      .toBe(200)
  })
})
