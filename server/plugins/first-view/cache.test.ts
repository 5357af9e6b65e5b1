import { describe, expect, it } from 'vitest'
import { Representation } from '../../http/representation'
import { FirstViewCache, type FirstViewKey, MAX_CACHED_ADDRESS } from './cache'

const keyFor = (url: string): FirstViewKey => ({
  publicBase: 'http://localhost:8080',
  datasetVersion: 1,
  locale: 'en-GB',
  data: true,
  url,
})

describe('the cache of first views', () => {
  it('counts its keys: redirects of long addresses stay within its budget, the oldest going first', () => {
    const cache = new FirstViewCache(1024 * 1024)
    // A corrected address keeps a tiny redirect under a long key, as `/locations?page=0&z=…` does.
    const address = (index: number) => `/locations?page=0&z=${'z'.repeat(3_000)}${index}`
    for (let index = 0; index < 1000; index++) {
      cache.set(keyFor(address(index)), { status: 302, location: '/locations' })
    }
    expect(cache.get(keyFor(address(0)))).toBeUndefined()
    expect(cache.get(keyFor(address(999)))).toEqual({ status: 302, location: '/locations' })
    const { entries, bytes, maxBytes } = cache.stats()
    expect(bytes).toBeLessThanOrEqual(maxBytes)
    // 1 MiB holds about 170 keys of 3,000 characters, not 1,000.
    expect(entries).toBeLessThan(200)
  })

  it('keeps nothing under an address longer than its limit, redirect or page', () => {
    const cache = new FirstViewCache()
    const long = `/locations?page=0&z=${'z'.repeat(15_000)}`
    cache.set(keyFor(long), { status: 302, location: '/locations' })
    expect(cache.get(keyFor(long))).toBeUndefined()
    const page = { status: 200, page: new Representation('<p>rows</p>') }
    const longest = `/locations/${'1,'.repeat(MAX_CACHED_ADDRESS)}`.slice(0, MAX_CACHED_ADDRESS + 1)
    cache.set(keyFor(longest), page)
    expect(cache.get(keyFor(longest))).toBeUndefined()
    cache.set(keyFor(longest.slice(0, MAX_CACHED_ADDRESS)), page)
    expect(cache.get(keyFor(longest.slice(0, MAX_CACHED_ADDRESS)))).toBe(page)
    expect(cache.stats().entries).toBe(1)
  })
})
