import { describe, expect, it } from 'vitest'
import {
  type DatasetLocation,
  episodes as EPISODES,
  locations as LOCATIONS,
  PAGE_SIZE,
  seasonCode,
} from '../../src/catalogue'
import { SORT_COLLATOR } from '../../src/catalogue/columns'
import { type FacetsBody, viewPageSchema } from '../../src/catalogue/views/answer'
import { createStore } from '../dataset/store'
import { heldCatalogue } from '../test/held-catalogue'
import { errorOf, serveForTests, shippedDataset } from '../test/server'
import { LiveCatalogue } from './live-catalogue'

const server = serveForTests()
/** A view's page whose facets are facets' values (these tests ask no bins or dates). */
const valuesOnly = <R>(schema: ReturnType<typeof viewPageSchema<R>>) => ({
  parse: (body: unknown) => {
    const page = schema.parse(body)
    return { ...page, facets: page.facets as FacetsBody | undefined }
  },
})
const LocationViewPage = valuesOnly(viewPageSchema(LOCATIONS.record))
const EpisodeViewPage = valuesOnly(viewPageSchema(EPISODES.record))

const locations = [...shippedDataset.locations].sort((a, b) => a.id - b.id)

/** The shipped locations in a view's order, computed the plain way: ties by id, empty values last. */
function sortedBy(value: (record: DatasetLocation) => string | number | null, descending = false) {
  return [...locations].sort((a, b) => {
    const va = value(a)
    const vb = value(b)
    if (va === null || vb === null) return (va === null ? 1 : 0) - (vb === null ? 1 : 0) || a.id - b.id
    const order =
      typeof va === 'number' && typeof vb === 'number'
        ? va - vb
        : SORT_COLLATOR.compare(String(va), String(vb))
    return (descending ? -order : order) || a.id - b.id
  })
}

const ids = (records: readonly { id: number }[]) => records.map((record) => record.id)

async function viewOf(path: string) {
  const response = await server.get(path)
  expect(response.status).toBe(200)
  return LocationViewPage.parse(await response.json())
}

describe('views of a list (contract §12), on the memory store', () => {
  it('sorts by a column either way, ties by id and empty values last, with the exact count', async () => {
    const byName = await viewOf('/v1/locations?_sort=name&page=2')
    const names = sortedBy((record) => (record.name === '' ? null : record.name))
    expect(ids(byName.results)).toEqual(ids(names.slice(PAGE_SIZE, 2 * PAGE_SIZE)))
    expect(byName.info.count).toBe(locations.length)

    const byType = await viewOf('/v1/locations?_sort_desc=type')
    expect(ids(byType.results)).toEqual(
      ids(sortedBy((record) => (record.type === '' ? null : record.type), true).slice(0, PAGE_SIZE)),
    )
    const byResidents = await viewOf('/v1/locations?_sort_desc=residents&name=a')
    const matching = locations.filter((record) => record.name.toLowerCase().includes('a'))
    expect(byResidents.info.count).toBe(matching.length)
    expect(ids(byResidents.results)).toEqual(
      ids(
        sortedBy((record) => record.residents.length, true)
          .filter((record) => matching.includes(record))
          .slice(0, PAGE_SIZE),
      ),
    )
  })

  it('keeps exact facet values (OR within a facet, AND across) and ranges, and echoes the view applied', async () => {
    const page = await viewOf(
      '/v1/locations?residents__gte=2&type__exact=Planet&type__exact=&dimension__exact=Dimension%20C-137&_sort=id',
    )
    const expected = locations.filter(
      (record) =>
        ['Planet', ''].includes(record.type) &&
        record.dimension === 'Dimension C-137' &&
        record.residents.length >= 2,
    )
    expect(ids(page.results)).toEqual(ids(expected.slice(0, PAGE_SIZE)))
    expect(page.info.count).toBe(expected.length)
    expect(page.info.view).toBe(
      '_sort=id&type__exact=Planet&type__exact=&dimension__exact=Dimension%20C-137&residents__gte=2',
    )
  })

  it('writes next and prev with page, the filters, then the view in its one order', async () => {
    const page = await viewOf(
      '/v1/locations?_facet=type&type__exact=TV&page=2&_sort_desc=residents&name=e&type__exact=Resort&type__exact=',
    )
    const view = '_sort_desc=residents&type__exact=TV&type__exact=Resort&type__exact=&_facet=type'
    expect(page.info.view).toBe(view)
    expect(page.info.prev).toBe(`${server.origin}/v1/locations?page=1&name=e&${view}`)
    expect(page.info.next).toBe(
      page.info.pages > 2 ? `${server.origin}/v1/locations?page=3&name=e&${view}` : null,
    )
    const previous = new URL(page.info.prev ?? '')
    const first = await viewOf(`${previous.pathname}${previous.search}`)
    expect(first.info.view).toBe(view)
    expect(first.info.next).toBe(`${server.origin}/v1/locations?page=2&name=e&${view}`)
  })

  it('counts each asked facet under every other choice, after results, a chosen value always listed', async () => {
    const response = await server.get(
      '/v1/locations?type__exact=Planet&type__exact=Nowhere&_facet=type&_facet=dimension',
    )
    const text = await response.text()
    expect(Object.keys(JSON.parse(text))).toEqual(['info', 'results', 'facets'])
    const page = LocationViewPage.parse(JSON.parse(text))
    const tally = (records: readonly DatasetLocation[], field: 'type' | 'dimension') => {
      const counts = new Map<string, number>()
      for (const record of records) counts.set(record[field], (counts.get(record[field]) ?? 0) + 1)
      return counts
    }
    const types = page.facets?.type
    expect(types?.counted).toBe(true)
    // The type facet is counted over every location (its own choice aside): each type, and "Nowhere" at 0.
    const allTypes = tally(locations, 'type')
    expect(types?.values.find((entry) => entry.value === 'Planet')?.count).toBe(allTypes.get('Planet'))
    expect(types?.values.find((entry) => entry.value === 'Nowhere')).toEqual({ value: 'Nowhere', count: 0 })
    const listed = (types?.values ?? []).filter((entry) => entry.value !== 'Nowhere')
    expect(listed.length).toBe(Math.min(30, allTypes.size))
    const counts = listed.map((entry) => entry.count ?? 0)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(types?.truncated).toBe(allTypes.size > 30)
    // The dimension facet is counted over the planets.
    const planets = locations.filter((record) => record.type === 'Planet')
    for (const { value, count } of page.facets?.dimension?.values ?? [])
      expect(count).toBe(tally(planets, 'dimension').get(value))
  })

  it('lists _facet_size values of a facet at most, and facets an episode by its season', async () => {
    const response = await server.get('/v1/episodes/?_facet=season&_facet_size=2&season__exact=S05')
    const page = EpisodeViewPage.parse(await response.json())
    const season = page.facets?.season
    expect(season?.truncated).toBe(true)
    expect(season?.values.length).toBeLessThanOrEqual(3)
    expect(season?.values.some((entry) => entry.value === 'S05')).toBe(true)
    expect(page.results.every((record) => seasonCode(record.episode) === 'S05')).toBe(true)
    expect(page.info.view).toBe('season__exact=S05&_facet=season&_facet_size=2')
  })

  it('answers a page beyond the view’s last with 404', async () => {
    const response = await server.get('/v1/locations?type__exact=Planet&page=999')
    expect(response.status).toBe(404)
    expect(await errorOf(response)).toMatch(/^Page 999 does not exist: this list has \d+ pages?\.$/)
  })

  it('answers a page far past the last with 404 before reading anything, whatever the view', async () => {
    for (const query of ['_sort=name', '_sort_desc=residents', 'type__exact=Planet&_sort=name', '_sort=id']) {
      const response = await server.get(`/v1/locations?page=107374183&${query}`)
      expect(response.status, query).toBe(404)
      expect(await errorOf(response)).toMatch(/^Page 107374183 does not exist: this list has \d+ pages?\.$/)
    }
  })

  it('matches nothing with a facet value or filter holding U+0000, and still counts the facets (contract §13)', async () => {
    for (const query of [
      'type__exact=%00',
      'dimension__exact=C%00&_sort=name',
      'type__exact=Planet%00&_facet=dimension',
      'name=%00&_sort_desc=residents',
    ]) {
      const response = await server.get(`/v1/locations?${query}`)
      expect(response.status, query).toBe(200)
      const page = LocationViewPage.parse(await response.json())
      expect(page.info.count).toBe(0)
      expect(page.results).toEqual([])
    }
    const counted = LocationViewPage.parse(
      await (await server.get('/v1/locations?type__exact=%00&type__exact=Planet&_facet=type')).json(),
    )
    const planets = locations.filter((record) => record.type === 'Planet').length
    expect(counted.info.count).toBe(planets)
    expect(counted.facets?.type?.values.find((entry) => entry.value === 'Planet')?.count).toBe(planets)
    expect(counted.facets?.type?.values.find((entry) => entry.value === '\u0000')).toEqual({
      value: '\u0000',
      count: 0,
    })
  })

  it.each([
    ['_sort=colour', '_sort'],
    ['_sort=name&_sort_desc=name', '_sort'],
    ['_sort=name&_sort=id', '_sort'],
    ['residents__gte=abc', 'residents__gte'],
    ['created__lte=2015-02-30', 'created__lte'],
    ['_facet=colour', '_facet'],
    ['_facet=type&_facet_size=1001', '_facet_size'],
    [Array.from({ length: 51 }, (_, index) => `type__exact=T${index}`).join('&'), 'type__exact'],
    [`dimension__exact=${'d'.repeat(201)}`, 'dimension__exact'],
  ])('refuses %s with 400 naming %s', async (query, parameter) => {
    const response = await server.get(`/v1/locations?${query}`)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toContain(`"${parameter}"`)
  })

  it('ignores what is not one of the list’s view parameters, and an empty bound: the plain answer, byte for byte', async () => {
    const plain = await (await server.get('/v1/locations?page=2&name=a')).text()
    const ignored = await server.get(
      '/v1/locations?page=2&name=a&colour__exact=red&name__gte=b&residents__gte=&_col=name',
    )
    expect(ignored.status).toBe(200)
    expect(await ignored.text()).toBe(plain)
  })
})

describe('views within their limits', () => {
  const slow = serveForTests({ views: { facetTimeLimitMs: 0 } })
  const busy = serveForTests({ views: { atOnce: 0 } })

  it('answers a facet counted out of time as counted: false with its chosen values, and keeps no such answer', async () => {
    const path = '/v1/locations?name=a&type__exact=Planet&_facet=type&_facet=dimension'
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await slow.get(path)
      expect(response.status).toBe(200)
      const page = LocationViewPage.parse(await response.json())
      expect(page.facets?.type).toEqual({ values: [{ value: 'Planet' }], truncated: true, counted: false })
      expect(page.facets?.dimension).toEqual({ values: [], truncated: true, counted: false })
      expect(page.results.every((record) => record.type === 'Planet')).toBe(true)
    }
    expect(slow.app.cacheStats().bodies.hits).toBe(0)
    expect(slow.app.cacheStats().fastPath.entries).toBe(0)
  })

  it('answers the whole catalogue’s facets however short the time to count: made once per catalogue version', async () => {
    const tally = (field: 'type' | 'dimension') => {
      const counts = new Map<string, number>()
      for (const record of locations) counts.set(record[field], (counts.get(record[field]) ?? 0) + 1)
      return counts
    }
    const whole = LocationViewPage.parse(
      await (await slow.get('/v1/locations?_facet=type&_facet=dimension')).json(),
    )
    for (const field of ['type', 'dimension'] as const) {
      const facet = whole.facets?.[field]
      expect(facet?.counted).toBe(true)
      expect(facet?.values.length).toBeGreaterThan(0)
      for (const { value, count } of facet?.values ?? []) expect(count).toBe(tally(field).get(value))
    }
    // Choosing a type changes no count of types: they are still the catalogue's; dimensions under it are not.
    const chosen = LocationViewPage.parse(
      await (await slow.get('/v1/locations?type__exact=Planet&_facet=type&_facet=dimension')).json(),
    )
    expect(chosen.facets?.type?.counted).toBe(true)
    expect(chosen.facets?.type?.values.find(({ value }) => value === 'Planet')).toMatchObject({
      count: tally('type').get('Planet'),
    })
    expect(chosen.facets?.dimension?.counted).toBe(false)
  })

  it('refuses an uncached view past the views a rate bucket may have at once, with 429 and Retry-After', async () => {
    const response = await busy.get('/v1/locations?_sort=name')
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('1')
    expect(await errorOf(response)).toBe(
      'Too many views at once: the demo key may have 0 views computed at a time from each address; retry in 1 second.',
    )
    expect((await busy.get('/v1/locations?page=2')).status).toBe(200)
  })
})

describe('views in flight at once', () => {
  const store = createStore(shippedDataset)
  const held = heldCatalogue(store)
  const keyed = serveForTests({
    store: new LiveCatalogue(held.content),
    apiKeys: ['first-key-0123456', 'second-key-012345'],
  })

  it('takes at most 2 uncached views per rate bucket: a third waits its turn with 429, another key is served', async () => {
    const first = keyed.get('/v1/locations?_sort=name', { key: 'first-key-0123456' })
    const second = keyed.get('/v1/locations?_sort=type', { key: 'first-key-0123456' })
    await held.reading
    const third = await keyed.get('/v1/locations?_sort=dimension', { key: 'first-key-0123456' })
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBe('1')
    expect(await errorOf(third)).toBe(
      'Too many views at once: each key may have 2 views computed at a time; retry in 1 second.',
    )
    const other = keyed.get('/v1/locations?_sort=dimension', { key: 'second-key-012345' })
    held.release()
    expect((await first).status).toBe(200)
    expect((await second).status).toBe(200)
    expect((await other).status).toBe(200)
    // Their slots are free again, and a view the cache holds takes none.
    expect((await keyed.get('/v1/locations?_sort=dimension', { key: 'first-key-0123456' })).status).toBe(200)
  })
})

describe('views turned off (CATALOGUE_VIEWS=off)', () => {
  const off = serveForTests({ views: false })

  it('ignores every view parameter: the answers are today’s, byte for byte', async () => {
    const plain = await (await off.get('/v1/locations?name=a')).text()
    for (const query of [
      '_sort=name',
      'type__exact=Planet&_facet=type',
      'residents__gte=abc',
      '_sort=colour',
    ]) {
      const response = await off.get(`/v1/locations?name=a&${query}`)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(plain)
    }
  })

  it('publishes the document without the extension', async () => {
    const document = await (await off.get('/openapi.json', { key: null })).text()
    expect(document).not.toContain('x-catalogue-extension')
    expect(document).not.toContain('_sort')
    const on = (await (await server.get('/openapi.json', { key: null })).json()) as {
      info: Record<string, unknown>
    }
    // Search (contract §13) is marked too where the store answers it (search.test.ts).
    expect(on.info['x-catalogue-extensions']).toMatchObject({ views: 1, export: 1 })
  })
})
