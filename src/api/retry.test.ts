import { describe, expect, it } from 'vitest'
import { ApiError } from './errors'
import { MAX_RETRIES, retryDelay, shouldRetry } from './retry'

describe('retry policy', () => {
  it('never retries a 4xx answer other than 429', () => {
    for (const kind of ['unauthorized', 'notFound', 'badRequest', 'invalidResponse'] as const) {
      expect(shouldRetry(0, new ApiError(kind))).toBe(false)
    }
  })

  it('retries server, network and rate-limit failures a bounded number of times', () => {
    for (const kind of ['server', 'network', 'rateLimited'] as const) {
      expect(shouldRetry(0, new ApiError(kind))).toBe(true)
      expect(shouldRetry(MAX_RETRIES, new ApiError(kind))).toBe(false)
    }
  })

  it('waits what Retry-After asks for, and backs off otherwise', () => {
    expect(retryDelay(0, new ApiError('rateLimited', { retryAfter: 3 }))).toBe(3000)
    expect(retryDelay(1, new ApiError('server'))).toBeGreaterThan(retryDelay(0, new ApiError('server')))
    expect(retryDelay(10, new ApiError('network'))).toBeLessThanOrEqual(2000)
  })
})
