// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serviceViews } from '../../api/service-views'
import { fakeLocationsService, fakePlace, renderApp } from '../../app/render-app.fixture'
import { type Location, locations } from '../../catalogue'
import { collectionQueries } from '../../lib/page/collection-queries'
import type { ListAnswer } from './list-answer'
import { useListSource } from './use-list-source'
import { useListUrl } from './use-list-url'

const queries = collectionQueries(locations)

const service = fakeLocationsService

let latest: ListAnswer<Location, 'name' | 'type' | 'dimension'> | null = null

function Probe() {
  const url = useListUrl(locations)
  latest = useListSource({ collection: locations, queries }, url.state)
  return null
}

function renderAt(address: string, fetchImpl: typeof fetch) {
  let loads = 0
  const loader = () => {
    loads++
    return null
  }
  const router = renderApp([{ path: '/locations', element: <Probe />, loader }], address, {
    fetch: fetchImpl,
  })
  return { router, loads: () => loads }
}

const answer = () => {
  if (!latest) throw new Error('The probe has not rendered.')
  return latest
}

afterEach(() => {
  cleanup()
  latest = null
  vi.unstubAllGlobals()
})

describe('the rows of a list, whichever source answers them', () => {
  it('are the service’s for the specification’s filters and pages, with the filters that apply and the request', async () => {
    const { fetchFake } = service()
    renderAt('/locations?name=%20place%20&page=2', fetchFake)
    await vi.waitFor(() => expect(answer().page?.results[0]?.id).toBe(21))
    expect(answer()).toMatchObject({
      source: 'service',
      filters: { name: 'place' },
      previous: false,
      error: null,
      waiting: null,
      requests: ['/v1/locations?page=2&name=place'],
      exported: null,
    })
    expect(answer().page?.info).toMatchObject({ count: 45, pages: 3 })
    await vi.waitFor(() => expect(answer().total).toBe(45))
  })

  it('are the index’s for a sort, facet values or ranges: without the index, it says what it needs and the service is not asked for them', async () => {
    const { fetchFake, asked } = service()
    renderAt('/locations?type__exact=Planet&_sort=name', fetchFake)
    await vi.waitFor(() => expect(answer().total).toBe(45))
    expect(answer().source).toBe('index')
    // jsdom has no Web Worker: this browser cannot keep the index.
    expect(answer().waiting).toMatchObject({ supported: false })
    expect(answer().page).toBeUndefined()
    expect(answer().exported?.view).toMatchObject({ facets: { type: ['Planet'] }, sort: { field: 'name' } })
    // The catalogue's own count only.
    expect(asked).toEqual(['/v1/locations'])
  })

  it('keep the previous page on screen, marked as such, while the next is on its way', async () => {
    const { fetchFake, hold, held } = service()
    const { router } = renderAt('/locations', fetchFake)
    await vi.waitFor(() => expect(answer().page?.results[0]?.id).toBe(1))
    // Fetched ahead once page 1 is shown; page 3 is held back.
    hold('/v1/locations?page=3')
    await act(() => router.navigate('/locations?page=3'))
    await vi.waitFor(() => expect(answer().fetching).toBe(true))
    expect(answer()).toMatchObject({ previous: true, error: null })
    expect(answer().page?.results[0]?.id).toBe(1)
    await vi.waitFor(() => expect(held.size).toBe(1))
    for (const release of held.values()) release()
    await vi.waitFor(() => expect(answer().page?.results[0]?.id).toBe(41))
    expect(answer().previous).toBe(false)
  })

  it('fail in the same shape, and Retry runs the route’s loader again', async () => {
    const { fetchFake } = service()
    const { loads } = renderAt('/locations?name=refused', fetchFake)
    await vi.waitFor(() => expect(answer().error).toMatchObject({ kind: 'badRequest' }))
    expect(answer().page).toBeUndefined()
    const before = loads()
    await act(async () => answer().retry())
    await vi.waitFor(() => expect(loads()).toBe(before + 1))
  })
})

/** A service that answers views (contract §12): it echoes the view it was sent and counts the type facet. */
function viewsService(echo = true) {
  const asked: string[] = []
  const fetchFake = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://catalogue.test')
    asked.push(`${url.pathname}${url.search}`)
    if (url.pathname === '/openapi.json')
      return Response.json({ openapi: '3.1.1', info: { 'x-catalogue-extensions': { views: 1 } } })
    const view = [...url.searchParams]
      .filter(([name]) => name.startsWith('_') || name.includes('__'))
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&')
    const results = [fakePlace(7), fakePlace(3)]
    const facets = url.searchParams.has('_facet')
      ? { type: { values: [{ value: 'Planet', count: 2 }], truncated: false, counted: true } }
      : undefined
    const info = { count: 2, pages: 1, next: null, prev: null, ...(echo && view ? { view } : {}) }
    return Response.json({ info, results, ...(facets ? { facets } : {}) })
  })
  return { asked, fetchFake }
}

function renderOn(address: string, fetchImpl: typeof fetch, baseUrl: string, views?: boolean) {
  const connection = { baseUrl, apiKey: 'k' }
  // Another service is one chosen in Settings; this site's own is the demo key's.
  return renderApp([{ path: '/locations', element: <Probe />, loader: () => null }], address, {
    connection,
    fetch: fetchImpl,
    config: { demoKey: 'k', views },
    saved: baseUrl === '' ? null : connection,
  })
}

describe('the rows of a list on a service that answers views', () => {
  it('are the service’s view for a sort and facet values, with the facets it counted, in one request', async () => {
    const { fetchFake, asked } = viewsService()
    renderOn('/locations?type__exact=Planet&_sort_desc=residents', fetchFake, '', true)
    await vi.waitFor(() => expect(answer().page?.results.map((record) => record.id)).toEqual([7, 3]))
    const sent =
      '/v1/locations?_sort_desc=residents&type__exact=Planet&_facet=type&_facet=dimension&_facet_size=100'
    expect(answer()).toMatchObject({ source: 'views', waiting: null, viewsAnswered: true, requests: [sent] })
    expect(answer().facets).toMatchObject({
      by: 'service',
      counts: [{ name: 'type', values: [{ value: 'Planet', count: 2, chosen: true }], counted: true }],
    })
    expect(asked).toContain(sent)
  })

  it('count the facets of a plain page with its rows, in the same request', async () => {
    const { fetchFake } = viewsService()
    renderOn('/locations?name=place', fetchFake, '', true)
    await vi.waitFor(() => expect(answer().facets.by).toBe('service'))
    expect(answer()).toMatchObject({
      source: 'views',
      requests: ['/v1/locations?name=place&_facet=type&_facet=dimension&_facet_size=100'],
    })
  })

  it('are the index’s once a service answers without the echo: it does not answer views', async () => {
    const { fetchFake } = viewsService(false)
    const base = 'http://no-echo.test'
    serviceViews.learn(base, true)
    renderOn('/locations?_sort=name', fetchFake, base)
    await vi.waitFor(() => expect(answer().source).toBe('index'))
    expect(serviceViews.answers(base, {})).toBe(false)
    expect(answer().waiting).toMatchObject({ supported: false })
  })

  it('of another service are its views once its OpenAPI document says so, read once after its first page', async () => {
    const { fetchFake, asked } = viewsService()
    // The document is read as a page reads any other address, with the browser's fetch.
    vi.stubGlobal('fetch', fetchFake)
    const base = 'http://other.test'
    const router = renderOn('/locations', fetchFake, base)
    await vi.waitFor(() => expect(asked).toContain('/openapi.json'))
    await vi.waitFor(() => expect(answer().viewsAnswered).toBe(true))
    await act(() => router.navigate('/locations?_sort=name'))
    await vi.waitFor(() => expect(answer().source).toBe('views'))
    await vi.waitFor(() => expect(answer().page?.results).toHaveLength(2))
    expect(asked.filter((path) => path === '/openapi.json')).toHaveLength(1)
  })
})
