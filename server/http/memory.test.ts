import { describe, expect, it } from 'vitest'
import { rawRequest, serveForTests } from '../test/server'

const AUTH = { authorization: 'Bearer catalogue-demo-key' }

describe('cache memory (contract §10)', { timeout: 30_000 }, () => {
  const server = serveForTests({ cache: { bodyCacheBytes: 2 * 1024 * 1024, filterCacheBytes: 1024 * 1024 } })

  it('keeps no entry per spelling of ignored parameters, and every cache within its byte budget', async () => {
    const before = server.app.cacheStats().fastPath.entries
    for (let index = 0; index < 200; index++) {
      const answer = await rawRequest(
        server.origin,
        `/v1/locations?page=1&junk${index}=${'j'.repeat(15_000)}`,
        AUTH,
      )
      expect(answer.status).toBe(200)
    }
    expect(server.app.cacheStats().fastPath.entries - before).toBeLessThanOrEqual(1)
    for (let index = 0; index < 200; index++) {
      const host = `${'h'.repeat(60)}.${'o'.repeat(60)}.${'s'.repeat(60)}.t${index}`
      const answer = await rawRequest(server.origin, `/v1/episodes?name=${'e'.repeat(index % 5)}`, {
        ...AUTH,
        host,
      })
      expect(answer.status).toBe(200)
    }
    for (const stats of Object.values(server.app.cacheStats())) {
      expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes)
    }
    expect(server.app.cacheStats().bodies.bytes).toBeGreaterThan(0)
  })
})
