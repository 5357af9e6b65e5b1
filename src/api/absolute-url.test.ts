import { describe, expect, it } from 'vitest'
import { absoluteUrl } from './absolute-url'

describe('absoluteUrl', { timeout: 30_000 }, () => {
  it("uses the service's base, or this page's origin when the base is empty", () => {
    expect(absoluteUrl('https://svc.example/', '/v1/episodes', 'http://app')).toBe(
      'https://svc.example/v1/episodes',
    )
    expect(absoluteUrl('', '/v1/episodes', 'http://app')).toBe('http://app/v1/episodes')
  })
})
