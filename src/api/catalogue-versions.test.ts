// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isStale } from '../catalogue'
import { catalogueChanged, showLatestCatalogue, subscribeCatalogueChanges } from './catalogue-changed'
import { catalogueVersions } from './catalogue-versions'
import { VERSION_CHECK_MS, watchCatalogueVersion } from './version-watch'

afterEach(() => {
  vi.useRealTimers()
})

describe('the catalogue’s version as the page hears it (contract §13)', () => {
  it('keeps the latest heard per service, telling its listeners of a new one only', () => {
    const heard = vi.fn()
    const stop = catalogueVersions.subscribe(heard)
    catalogueVersions.hear('https://a.test', 'v1')
    catalogueVersions.hear('https://a.test', 'v1')
    catalogueVersions.hear('https://b.test', null)
    expect(catalogueVersions.latest('https://a.test')).toBe('v1')
    expect(catalogueVersions.latest('https://b.test')).toBeNull()
    expect(catalogueVersions.latest('https://c.test')).toBeUndefined()
    expect(heard).toHaveBeenCalledTimes(2)
    stop()
  })

  it('says the page’s catalogue changed once another version is heard, until the new one is shown', () => {
    const told = vi.fn()
    const stop = subscribeCatalogueChanges(told)
    catalogueVersions.hear('https://d.test', 'v1')
    expect(catalogueChanged('https://d.test')).toBe(false)
    catalogueVersions.hear('https://d.test', 'v2')
    expect(catalogueChanged('https://d.test')).toBe(true)
    showLatestCatalogue('https://d.test')
    expect(catalogueChanged('https://d.test')).toBe(false)
    expect(told).toHaveBeenCalledTimes(3)
    // A service that names no version claims nothing.
    catalogueVersions.hear('https://e.test', null)
    expect(catalogueChanged('https://e.test')).toBe(false)
    stop()
  })

  it('calls an index stale only when both versions are known and differ', () => {
    expect(isStale('v1', 'v2')).toBe(true)
    expect(isStale('v1', 'v1')).toBe(false)
    expect(isStale(null, 'v2')).toBe(false)
    expect(isStale('v1', null)).toBe(false)
    expect(isStale('v1', undefined)).toBe(false)
  })
})

describe('the question an open page asks every minute', () => {
  it('asks with a HEAD of a list, the key in a header, only while the page is seen and online', async () => {
    vi.useFakeTimers()
    const asked: { url: string; init: RequestInit | undefined }[] = []
    const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(url), init })
      return new Response(null, { status: 200, headers: { 'Catalogue-Version': 'v9' } })
    })
    const stop = watchCatalogueVersion({ baseUrl: 'https://f.test/', apiKey: 'secret-key' }, fetchImpl)
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS - 1)
    expect(asked).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toEqual([
      {
        url: 'https://f.test/v1/locations',
        init: expect.objectContaining({ method: 'HEAD', headers: { Authorization: 'Bearer secret-key' } }),
      },
    ])
    expect(catalogueVersions.latest('https://f.test')).toBe('v9')
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS)
    hidden.mockRestore()
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS)
    offline.mockRestore()
    expect(asked).toHaveLength(1)
    stop()
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS)
    expect(asked).toHaveLength(1)
  })
})
