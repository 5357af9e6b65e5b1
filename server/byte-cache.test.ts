import { describe, expect, it } from 'vitest'
import { ByteBoundedCache } from './byte-cache'

describe('a byte-bounded cache', () => {
  it('counts its keys: 15 KB keys with tiny values stay within the budget', () => {
    const cache = new ByteBoundedCache<{ n: number }>(1024 * 1024, () => 8)
    for (let index = 0; index < 1000; index++) cache.set(`${'x'.repeat(15_000)}${index}`, { n: index })
    const { entries, bytes, maxBytes } = cache.stats()
    expect(bytes).toBeLessThanOrEqual(maxBytes)
    // 1 MiB holds about 34 such keys, not 1000.
    expect(entries).toBeLessThan(40)
    expect(cache.get(`${'x'.repeat(15_000)}999`)).toEqual({ n: 999 })
  })

  it('evicts the least recently used first, and refuses an entry larger than the whole budget', () => {
    const cache = new ByteBoundedCache<{ size: number }>(2000, (value) => value.size)
    cache.set('a', { size: 500 })
    cache.set('b', { size: 500 })
    cache.get('a')
    cache.set('c', { size: 500 })
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    cache.set('huge', { size: 5000 })
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.stats().bytes).toBeLessThanOrEqual(2000)
  })
})
