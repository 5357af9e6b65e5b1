import { describe, expect, it } from 'vitest'
import { COLLECTIONS } from '../../src/catalogue'
import { Lifecycle } from '../lifecycle'
import { serveForTests, shippedDataset } from '../test/server'

const lifecycle = new Lifecycle()
const service = serveForTests({ apiKeys: ['health-test-key'], rateLimit: 1, lifecycle })

describe('health and readiness', () => {
  it('answers liveness and readiness with the record counts, without a key and never rate limited', async () => {
    for (let round = 0; round < 10; round++) {
      const health = await service.get('/healthz', { key: null })
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok' })
      const ready = await service.get('/readyz', { key: null })
      expect(ready.status).toBe(200)
      expect(ready.headers.get('cache-control')).toBe('no-store')
      expect(await ready.json()).toEqual({
        status: 'ready',
        ...Object.fromEntries(COLLECTIONS.map(({ name }) => [name, shippedDataset[name].length])),
      })
    }
  })

  it('is not ready during the drain delay, while still alive', async () => {
    lifecycle.draining = true
    try {
      const ready = await service.get('/readyz', { key: null })
      expect(ready.status).toBe(503)
      expect(ready.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(await ready.json()).toEqual({ error: expect.stringMatching(/shutting down/) })
      expect((await service.get('/healthz', { key: null })).status).toBe(200)
    } finally {
      lifecycle.draining = false
    }
    expect((await service.get('/readyz', { key: null })).status).toBe(200)
  })
})
