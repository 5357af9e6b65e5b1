import { describe, expect, it } from 'vitest'
import { startRedis } from '../test/redis'
import { startServiceProcess } from '../test/service-process'

describe('a Redis that refuses the service', { timeout: 30_000 }, () => {
  it('says a wrong password was refused, not that Redis could not be reached, and keeps serving', async () => {
    const redis = await startRedis(['--requirepass', 'right-password-1234'])
    const service = await startServiceProcess({
      CATALOGUE_REDIS_URL: `redis://:wrong-password-5678@127.0.0.1:${redis.port}`,
    })
    await service.waitFor(/Redis is not answering/)
    expect(service.output()).toMatch(/Redis refused the connection: the password .*is not accepted/)
    expect(service.output()).not.toMatch(/cannot connect within/)
    expect(service.output()).not.toContain('wrong-password-5678')
    const answer = await fetch(`${service.origin}/v1/locations/1`, {
      headers: { authorization: 'Bearer catalogue-demo-key' },
    })
    expect(answer.status).toBe(200)
    await service.stop()
  })
})
