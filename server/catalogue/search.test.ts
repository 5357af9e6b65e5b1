import { describe, expect, it } from 'vitest'
import { foldSearchText } from '../../src/catalogue/search-text'
import { createStore } from '../dataset/store'
import { errorOf, serveForTests, shippedDataset } from '../test/server'
import { LiveCatalogue } from './live-catalogue'

const server = serveForTests()
const off = serveForTests({ views: false })
const busy = serveForTests({ views: { atOnce: 0 } })
// A store that answers views but not search (a database whose catalogue was loaded before search).
const unsearched = createStore(shippedDataset)
const withoutSearch = serveForTests({
  store: new LiveCatalogue({
    collections: unsearched.collections,
    contentVersion: unsearched.contentVersion,
  }),
})

interface Result {
  collection: string
  record?: { id: number; name: string; episode?: string }
  value?: string
  count?: number
  id?: number
  url?: string
}

async function searchOf(path: string) {
  const response = await server.get(path)
  expect(response.status).toBe(200)
  return (await response.json()) as {
    info: { count: number; pages: number; next: string | null; prev: string | null }
    results: Result[]
    facets?: { collection: { values: { value: string; count: number }[]; counted: boolean } }
    groups?: { collection: string; total: number; counted: boolean; results: Result[] }[]
  }
}

const cafes = shippedDataset.locations
  .filter((record) => foldSearchText(record.name).split(/\W+/).includes('cafe'))
  .sort((a, b) => a.id - b.id)

describe('search answered by the service (contract §13)', () => {
  it('answers the palette: each group’s best results and its total, Café Müller first for "cafe"', async () => {
    const { groups } = await searchOf('/v1/search?q=cafe&limit=3')
    const locations = groups?.find((group) => group.collection === 'locations')
    expect(cafes.length).toBeGreaterThan(3)
    expect(locations?.total).toBe(cafes.length)
    expect(locations?.counted).toBe(true)
    expect(locations?.results).toHaveLength(3)
    expect(locations?.results[0]?.record?.name).toBe('Café Müller')
    expect(groups?.[0]?.collection).toBe('locations')
  })

  it('answers one ranked list, 20 a page, narrowed by collection and counted by it', async () => {
    const all = await searchOf('/v1/search?q=cafe&_facet=collection')
    const counts = Object.fromEntries(
      all.facets?.collection.values.map(({ value, count }) => [value, count]) ?? [],
    )
    expect(counts.locations).toBe(cafes.length)
    expect(all.info.count).toBe(Object.values(counts).reduce((sum, count) => sum + count, 0))
    expect(
      new Set(
        all.results.filter((result) => result.collection === 'locations').map((result) => result.record?.id),
      ),
    ).toEqual(new Set(cafes.map((record) => record.id)))
    const narrowed = await searchOf('/v1/search?q=cafe&collection__exact=episodes')
    expect(narrowed.info.count).toBe(counts.episodes ?? 0)
    expect(narrowed.results.every((result) => result.collection === 'episodes')).toBe(true)
    // Repeated, any of them, in the whole list's order; a chosen group with nothing is counted at 0.
    const either = await searchOf(
      '/v1/search?q=cafe&collection__exact=episodes&collection__exact=locations&collection__exact=characters&_facet=collection',
    )
    expect(either.results).toEqual(all.results.filter((result) => result.collection !== 'values'))
    expect(either.facets?.collection.values).toContainEqual({ value: 'characters', count: 0 })

    const broad = await searchOf('/v1/search?q=nine+the+ca')
    expect(broad.info.pages).toBeGreaterThan(1)
    expect(broad.results).toHaveLength(20)
    expect(broad.info.next).toMatch(/\/v1\/search\?page=2&q=nine%20the%20ca$/)
    const second = await searchOf(
      new URL(broad.info.next as string).pathname + new URL(broad.info.next as string).search,
    )
    expect(second.info.prev).toMatch(/\/v1\/search\?page=1&q=nine%20the%20ca$/)
    const last = await server.get(`/v1/search?q=nine+the+ca&page=${broad.info.pages + 1}`)
    expect(last.status).toBe(404)
  })

  it('answers an episode, a season and a character by their shorthands', async () => {
    const episode = await searchOf('/v1/search?q=s2e3')
    expect(episode.results.map((result) => result.record?.episode)).toEqual(['S02E03'])
    const season = await searchOf('/v1/search?q=season%202')
    const codes = season.results.map((result) => result.record?.episode ?? '')
    expect(codes.length).toBeGreaterThan(1)
    expect(codes.every((code) => code.startsWith('S02E'))).toBe(true)
    expect(codes).toEqual([...codes].sort())
    const listed = shippedDataset.locations[0]?.residents[0] as number
    const character = await searchOf(`/v1/search?q=%23${listed}`)
    expect(character.results[0]).toMatchObject({ collection: 'characters', id: listed })
    expect(character.results[0]?.url).toMatch(new RegExp(`/v1/characters/${listed}$`))
  })

  it('finds a type as a value with its record count and the list it names', async () => {
    const type = shippedDataset.locations[0]?.type as string
    const { results } = await searchOf(`/v1/search?q=${encodeURIComponent(type)}&collection__exact=values`)
    const count = shippedDataset.locations.filter((record) => record.type === type).length
    expect(results[0]).toMatchObject({ collection: 'values', value: type, count })
    expect(results[0]?.url).toContain(
      `/v1/locations?type__exact=${encodeURIComponent(type).replace(/%20/g, '+')}`,
    )
  })

  it.each([
    ['/v1/search', '"q"'],
    ['/v1/search?q=', '"q"'],
    ['/v1/search?q=%20%20', '"q"'],
    [`/v1/search?q=${'a'.repeat(201)}`, '"q"'],
    [`/v1/search?q=${Array.from({ length: 13 }, (_, index) => `w${index}`).join('+')}`, '"q"'],
    ['/v1/search?q=caf%07e', '"q"'],
    ['/v1/search?q=cafe&q=bar', '"q"'],
    ['/v1/search?q=cafe&limit=0', '"limit"'],
    ['/v1/search?q=cafe&limit=51', '"limit"'],
    ['/v1/search?q=cafe&limit=x', '"limit"'],
    ['/v1/search?q=cafe&limit=3&page=2', '"limit"'],
    ['/v1/search?q=cafe&page=0', '"page"'],
    ['/v1/search?q=cafe&collection__exact=planets', '"collection__exact"'],
    ['/v1/search?q=cafe&_facet=type', '"_facet"'],
  ])('refuses %s with a 400 naming %s', async (path, named) => {
    const response = await server.get(path)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toContain(named)
  })

  it('is marked in the OpenAPI document only where the catalogue answers it', async () => {
    const marked = async (service: typeof server) =>
      ((await (await service.get('/openapi.json')).json()) as { info: Record<string, unknown> }).info[
        'x-catalogue-extensions'
      ]
    expect(await marked(server)).toMatchObject({ views: 1, export: 1, search: 1 })
    expect(await marked(withoutSearch)).not.toHaveProperty('search')
    expect((await withoutSearch.get('/v1/search?q=cafe')).status).toBe(404)
    const list = (await (await withoutSearch.get('/v1/locations?_search=cafe')).json()) as {
      info: { count: number }
    }
    expect(list.info.count).toBe(shippedDataset.locations.length)
  })

  it('is an extension: CATALOGUE_VIEWS=off answers 404, and it shares the views’ slots', async () => {
    expect((await off.get('/v1/search?q=cafe')).status).toBe(404)
    expect((await server.get('/v1/search?q=cafe', { key: null })).status).toBe(401)
    const refused = await busy.get('/v1/search?q=cafe')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
  })
})

describe('_search on a list (contract §13)', () => {
  async function listOf(path: string) {
    const response = await server.get(path)
    expect(response.status).toBe(200)
    return (await response.json()) as {
      info: { count: number; next: string | null; view?: string }
      results: { id: number; name: string; type: string }[]
    }
  }

  it('filters the list to what the search finds, in its order of relevance without a sort', async () => {
    const page = await listOf('/v1/locations?_search=cafe')
    expect(page.info.count).toBe(cafes.length)
    expect(page.results[0]?.name).toBe('Café Müller')
    expect(new Set(page.results.map((record) => record.id))).toEqual(
      new Set(cafes.map((record) => record.id)),
    )
    const { results: palette } = await searchOf('/v1/search?q=cafe&collection__exact=locations')
    expect(page.results.map((record) => record.id)).toEqual(palette.map((result) => result.record?.id))
  })

  it('applies with the filters and the view, and writes it after the filters in next and prev', async () => {
    const sorted = await listOf('/v1/locations?_search=cafe&_sort=name')
    expect(sorted.results.map((record) => record.name)).toEqual(
      [...cafes].map((record) => record.name).sort((a, b) => a.localeCompare(b, 'en')),
    )
    const type = cafes[0]?.type as string
    const narrowed = await listOf(`/v1/locations?_search=cafe&type__exact=${encodeURIComponent(type)}`)
    expect(narrowed.info.count).toBe(cafes.filter((record) => record.type === type).length)

    const broad = await listOf('/v1/locations?_search=nine+the+ca&name=e&_sort=id')
    expect(broad.info.next).toMatch(/\/v1\/locations\?page=2&name=e&_search=nine%20the%20ca&_sort=id$/)
  })

  it('counts the facets over what the search finds, never over the whole collection', async () => {
    const response = await server.get('/v1/locations?_search=cafe&_facet=type')
    const body = (await response.json()) as {
      facets: { type: { values: { value: string; count: number }[]; counted: boolean } }
    }
    const types: Record<string, number> = {}
    for (const { type } of cafes) types[type] = (types[type] ?? 0) + 1
    expect(body.facets.type.counted).toBe(true)
    expect(Object.fromEntries(body.facets.type.values.map(({ value, count }) => [value, count]))).toEqual(
      types,
    )
  })

  it('is no search when empty, and refused when given twice', async () => {
    const empty = await listOf('/v1/locations?_search=')
    expect(empty.info.count).toBe(shippedDataset.locations.length)
    const twice = await server.get('/v1/locations?_search=cafe&_search=bar')
    expect(twice.status).toBe(400)
    expect(await errorOf(twice)).toContain('"_search"')
  })

  it('streams what it finds in its order, and resumes after a record of it', async () => {
    const response = await server.get('/v1/locations?_search=cafe&_export=ndjson')
    expect(response.status).toBe(200)
    const streamed = (await response.text())
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id)
    const { results } = await listOf('/v1/locations?_search=cafe')
    expect(streamed).toEqual(results.map((record) => record.id))
    const resumed = await server.get(`/v1/locations?_search=cafe&_export=ndjson&_after=${streamed[0]}`)
    const rest = (await resumed.text())
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id)
    expect(rest).toEqual(streamed.slice(1))
  })

  it('is an unknown parameter, ignored, where views are off', async () => {
    const response = await off.get('/v1/locations?_search=cafe')
    expect(((await response.json()) as { info: { count: number } }).info.count).toBe(
      shippedDataset.locations.length,
    )
  })
})
