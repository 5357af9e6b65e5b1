import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config'
import { readOperationsConfig, redactedRedisUrl } from './config'

describe('operations configuration', () => {
  it('defaults to no metrics listener, in-process rate limits and a 50 ms Redis timeout', () => {
    expect(readOperationsConfig({})).toEqual({ metricsPort: null, redisUrl: null, redisTimeout: 50 })
  })

  it('reads the metrics port, the Redis address and its timeout', () => {
    expect(
      readOperationsConfig({
        METRICS_PORT: '9464',
        CATALOGUE_REDIS_URL: 'redis://cache.internal:6379/2',
        CATALOGUE_REDIS_TIMEOUT_MS: '200',
      }),
    ).toEqual({ metricsPort: 9464, redisUrl: 'redis://cache.internal:6379/2', redisTimeout: 200 })
  })

  it.each([
    [{ METRICS_PORT: '70000' }, /METRICS_PORT must be a whole number from 0 to 65535 \(got "70000"\)/],
    [{ CATALOGUE_REDIS_URL: 'http://cache:6379' }, /CATALOGUE_REDIS_URL must be a redis:\/\/ or rediss:\/\//],
    [
      { CATALOGUE_REDIS_TIMEOUT_MS: '0' },
      /CATALOGUE_REDIS_TIMEOUT_MS must be a whole number of milliseconds/,
    ],
  ])('refuses %j with one sentence', (environment, message) => {
    expect(() => readOperationsConfig(environment)).toThrow(ConfigError)
    expect(() => readOperationsConfig(environment)).toThrow(message)
  })

  it('never repeats a Redis password, in a refusal or in the start-up line', () => {
    expect(() => readOperationsConfig({ CATALOGUE_REDIS_URL: 'redis//:hunter2@cache' })).toThrow(
      /^(?!.*hunter2)/,
    )
    expect(redactedRedisUrl('redis://:hunter2@cache:6379')).toBe('redis://:***@cache:6379')
  })
})
