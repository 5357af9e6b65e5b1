import { describe, expect, it } from 'vitest'
import { foldSearchText } from '../../src/catalogue/search-text'
import { errorOf, serveForTests, shippedDataset } from '../test/server'

const server = serveForTests()
const off = serveForTests({ views: false })
const busy = serveForTests({ views: { atOnce: 0 } })

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

describe('search answered by the service (contract §13), on the memory store', () => {
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

    const broad = await searchOf('/v1/search?q=nine+the+ca')
    expect(broad.info.pages).toBeGreaterThan(1)
    expect(broad.results).toHaveLength(20)
    expect(broad.info.next).toMatch(/\/v1\/search\?page=2&q=nine\+the\+ca$/)
    const second = await searchOf(
      new URL(broad.info.next as string).pathname + new URL(broad.info.next as string).search,
    )
    expect(second.info.prev).toMatch(/\/v1\/search\?page=1&q=nine\+the\+ca$/)
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
    ['/v1/search?q=cafe&collection__exact=characters', '"collection__exact"'],
    ['/v1/search?q=cafe&_facet=type', '"_facet"'],
  ])('refuses %s with a 400 naming %s', async (path, named) => {
    const response = await server.get(path)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toContain(named)
  })

  it('is an extension: CATALOGUE_VIEWS=off answers 404, and it shares the views’ slots', async () => {
    expect((await off.get('/v1/search?q=cafe')).status).toBe(404)
    expect((await server.get('/v1/search?q=cafe', { key: null })).status).toBe(401)
    const refused = await busy.get('/v1/search?q=cafe')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
  })
})
