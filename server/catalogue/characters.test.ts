import { describe, expect, it } from 'vitest'
import { PAGE_SIZE, parseAirDate, parseEpisodeCode } from '../../src/catalogue'
import { createStore } from '../dataset/store'
import { errorOf, serveForTests, shippedDataset } from '../test/server'
import { LiveCatalogue } from './live-catalogue'

const server = serveForTests()
const off = serveForTests({ views: false })
const busy = serveForTests({ views: { atOnce: 0 } })
// A store that answers views but not characters (a database whose catalogue was loaded before them).
const plain = createStore(shippedDataset)
const withoutCharacters = serveForTests({
  store: new LiveCatalogue({ collections: plain.collections, contentVersion: plain.contentVersion }),
})

/*
 * What the answers must hold, worked out here from the dataset the plain way (every character each record names,
 * once per record), not by the derivation under test.
 */
const { locations, episodes } = shippedDataset
const distinct = (ids: readonly number[]) => [...new Set(ids)]
const namedBy = (records: readonly { id: number }[], field: 'residents' | 'characters', character: number) =>
  records
    .filter((record) => (record as unknown as Record<string, number[]>)[field]?.includes(character))
    .map((record) => record.id)
const characters = distinct([
  ...locations.flatMap((location) => location.residents),
  ...episodes.flatMap((episode) => episode.characters),
]).sort((a, b) => a - b)
const countsOf = (character: number) => ({
  locations: namedBy(locations, 'residents', character).length,
  episodes: namedBy(episodes, 'characters', character).length,
})
const seasonOf = (episode: { episode: string }) => parseEpisodeCode(episode.episode)?.season ?? null
const airTime = (episode: { air_date: string }) => parseAirDate(episode.air_date)?.getTime() ?? Infinity

interface Row {
  id: number
  url: string
  locations: number
  episodes: number
}
interface ListBody {
  info: { count: number; pages: number; next: string | null; prev: string | null }
  results: Row[]
  facets?: {
    season?: { values: { value: string; count: number }[]; counted: boolean }
    episodes?: { bins: { from: number; to: number | null; count: number }[]; counted: boolean }
  }
}

async function bodyOf<T>(path: string): Promise<T> {
  const response = await server.get(path)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

describe('the characters list (contract §13)', () => {
  it('lists every character a record names, by number, 20 a page, with how many records of each kind name it', async () => {
    const page = await bodyOf<ListBody>('/v1/characters?page=2')
    expect(page.info.count).toBe(characters.length)
    expect(page.info.pages).toBe(Math.ceil(characters.length / PAGE_SIZE))
    expect(page.results.map((row) => row.id)).toEqual(characters.slice(PAGE_SIZE, 2 * PAGE_SIZE))
    for (const row of page.results) {
      expect({ locations: row.locations, episodes: row.episodes }).toEqual(countsOf(row.id))
      expect(row.url).toMatch(new RegExp(`/v1/characters/${row.id}$`))
    }
    expect(new URL(page.info.next ?? '').search).toBe('?page=3')
    expect(new URL(page.info.prev ?? '').search).toBe('?page=1')
  })

  it('narrows to a season and to ranges of the counts, sorts by a count (ties by number), and keeps it all in next', async () => {
    const path = '/v1/characters?season=2&_sort_desc=episodes&locations__lte=1&episodes__gte=1'
    const page = await bodyOf<ListBody>(path)
    const expected = characters
      .filter((id) => episodes.some((episode) => seasonOf(episode) === 2 && episode.characters.includes(id)))
      .filter((id) => countsOf(id).locations <= 1 && countsOf(id).episodes >= 1)
      .sort((a, b) => countsOf(b).episodes - countsOf(a).episodes || a - b)
    expect(expected.length).toBeGreaterThan(PAGE_SIZE)
    expect(page.info.count).toBe(expected.length)
    expect(page.results.map((row) => row.id)).toEqual(expected.slice(0, PAGE_SIZE))
    expect(new URL(page.info.next ?? '').search).toBe(
      '?page=2&season=2&_sort_desc=episodes&locations__lte=1&episodes__gte=1',
    )
    const ascending = await bodyOf<ListBody>('/v1/characters?_sort=locations')
    const byLocations = [...characters].sort((a, b) => countsOf(a).locations - countsOf(b).locations || a - b)
    expect(ascending.results.map((row) => row.id)).toEqual(byLocations.slice(0, PAGE_SIZE))
    const reversed = await bodyOf<ListBody>('/v1/characters?_sort_desc=id')
    expect(reversed.results[0]?.id).toBe(characters.at(-1))
  })

  it('counts each season’s characters within the ranges, and the characters in the insights’ bins of a count', async () => {
    const page = await bodyOf<ListBody>(
      '/v1/characters?season=1&episodes__gte=2&_facet=season&_facet_bins=episodes',
    )
    const inRanges = characters.filter((id) => countsOf(id).episodes >= 2)
    const seasons = distinct(episodes.map(seasonOf).filter((season) => season !== null)).sort((a, b) => a - b)
    expect(page.facets?.season).toEqual({
      values: seasons.map((season) => ({
        value: String(season),
        count: inRanges.filter((id) =>
          episodes.some((episode) => seasonOf(episode) === season && episode.characters.includes(id)),
        ).length,
      })),
      truncated: false,
      counted: true,
    })
    const bins = page.facets?.episodes?.bins ?? []
    expect(bins.slice(0, 3)).toEqual([
      { from: 0, to: 0, count: 0 },
      { from: 1, to: 1, count: 0 },
      {
        from: 2,
        to: 2,
        count: inRanges.filter(
          (id) =>
            countsOf(id).episodes === 2 &&
            episodes.some((e) => seasonOf(e) === 1 && e.characters.includes(id)),
        ).length,
      },
    ])
    expect(bins.at(-1)?.to).toBeNull()
    expect(bins.reduce((total, bin) => total + bin.count, 0)).toBe(page.info.count)
    // Over the whole list: those only a location names are at 0 episodes.
    const whole = await bodyOf<ListBody>('/v1/characters?_facet_bins=episodes')
    expect(whole.facets?.episodes?.bins[0]?.count).toBe(
      characters.filter((id) => countsOf(id).episodes === 0).length,
    )
  })

  it('answers 404 past the last page, and 400 naming a parameter it cannot apply', async () => {
    const past = await server.get(`/v1/characters?page=${Math.ceil(characters.length / PAGE_SIZE) + 1}`)
    expect(past.status).toBe(404)
    expect(await errorOf(past)).toMatch(/^Page \d+ does not exist: this list has \d+ pages\.$/)
    for (const [query, parameter] of [
      ['_sort=name', '_sort'],
      ['_sort=id&_sort_desc=episodes', '_sort'],
      ['season=two', 'season'],
      ['season=1&season=2', 'season'],
      ['episodes__gte=-1', 'episodes__gte'],
      ['locations__lte=1.5', 'locations__lte'],
      ['_facet=type', '_facet'],
      ['_facet_bins=residents', '_facet_bins'],
      ['page=0', 'page'],
      ['page=1&page=2', 'page'],
    ] as const) {
      const response = await server.get(`/v1/characters?${query}`)
      expect(response.status, query).toBe(400)
      expect(await errorOf(response), query).toContain(`"${parameter}"`)
    }
    // Unknown parameters are ignored (§4); an empty season or bound is none.
    const ignored = await bodyOf<ListBody>('/v1/characters?colour=red&season=&episodes__gte=')
    expect(ignored.info.count).toBe(characters.length)
  })
})

interface CharacterBody {
  id: number
  url: string
  locations: { count: number; results: { id: number; url: string }[] }
  episodes: { count: number; results: { id: number; episode: string; air_date: string }[] }
  first: { url: string; air_date: string } | null
  last: { url: string; air_date: string } | null
  seasons: number[]
}

describe('characters by number (contract §13)', () => {
  const busiest = [...characters].sort(
    (a, b) => countsOf(b).episodes - countsOf(a).episodes || a - b,
  )[0] as number
  const resident = characters.find((id) => countsOf(id).locations > 0 && countsOf(id).episodes > 1) as number

  it('answers a character with the records naming it, episodes in air order, its first and last appearance and seasons', async () => {
    for (const id of [busiest, resident]) {
      const body = await bodyOf<CharacterBody>(`/v1/characters/${id}`)
      const aired = episodes
        .filter((episode) => episode.characters.includes(id))
        .sort((a, b) => airTime(a) - airTime(b) || a.episode.localeCompare(b.episode) || a.id - b.id)
      expect(body.id).toBe(id)
      expect(body.url).toMatch(new RegExp(`/v1/characters/${id}$`))
      expect(body.locations.count).toBe(countsOf(id).locations)
      expect(body.locations.results.map((record) => record.id)).toEqual(namedBy(locations, 'residents', id))
      expect(body.episodes.count).toBe(aired.length)
      expect(body.episodes.results.map((record) => record.id)).toEqual(aired.map((episode) => episode.id))
      expect(body.first?.air_date).toBe(aired[0]?.air_date)
      expect(body.first?.url).toMatch(new RegExp(`/v1/episodes/${aired[0]?.id}$`))
      expect(body.last?.air_date).toBe(aired.at(-1)?.air_date)
      expect(body.seasons).toEqual(distinct(aired.map(seasonOf) as number[]).sort((a, b) => a - b))
    }
  })

  it('answers a list of numbers as an array, ascending, those no record names left out; 404 for one; 400 for none', async () => {
    const unknown = (characters.at(-1) as number) + 1
    const many = await bodyOf<CharacterBody[]>(`/v1/characters/[${resident},${unknown},${busiest}]`)
    expect(many.map((character) => character.id)).toEqual([resident, busiest].sort((a, b) => a - b))
    const missing = await server.get(`/v1/characters/${unknown}`)
    expect(missing.status).toBe(404)
    expect(await errorOf(missing)).toBe(`No record names character ${unknown}.`)
    expect((await server.get('/v1/characters/abc')).status).toBe(400)
  })
})

interface RelatedBody {
  info: { count: number; pages: number; next: string | null; prev: string | null }
  results: { shared: number; record: { id: number; url: string } }[]
}

describe('a record’s related records (contract §13)', () => {
  it('answers the episodes a location’s residents appear in, most shared first, then in air order', async () => {
    const location = [...locations].sort((a, b) => b.residents.length - a.residents.length || a.id - b.id)[0]
    if (!location) throw new Error('No location')
    const body = await bodyOf<RelatedBody>(`/v1/locations/${location.id}/episodes`)
    const expected = episodes
      .map((episode) => ({
        episode,
        shared: distinct(episode.characters).filter((id) => location.residents.includes(id)).length,
      }))
      .filter(({ shared }) => shared > 0)
      .sort(
        (a, b) =>
          b.shared - a.shared ||
          airTime(a.episode) - airTime(b.episode) ||
          a.episode.episode.localeCompare(b.episode.episode) ||
          a.episode.id - b.episode.id,
      )
    expect(body.info.count).toBe(expected.length)
    expect(body.results.map(({ shared, record }) => [record.id, shared])).toEqual(
      expected.slice(0, PAGE_SIZE).map(({ episode, shared }) => [episode.id, shared]),
    )
    expect(body.results[0]?.record.url).toMatch(/\/v1\/episodes\/\d+$/)
  })

  it('answers the locations an episode’s characters live in, paged as §4', async () => {
    const episode = [...episodes].sort((a, b) => b.characters.length - a.characters.length || a.id - b.id)[0]
    if (!episode) throw new Error('No episode')
    const related = locations.filter((location) =>
      location.residents.some((id) => episode.characters.includes(id)),
    )
    const body = await bodyOf<RelatedBody>(`/v1/episodes/${episode.id}/locations`)
    expect(body.info.count).toBe(related.length)
    expect(body.info.pages).toBe(Math.ceil(related.length / PAGE_SIZE))
    const past = await server.get(`/v1/episodes/${episode.id}/locations?page=${body.info.pages + 1}`)
    expect(past.status).toBe(404)
  })

  it('answers 404 for a record that does not exist and 400 for more than one id', async () => {
    const missing = await server.get('/v1/locations/99999/episodes')
    expect(missing.status).toBe(404)
    expect(await errorOf(missing)).toBe('Location not found')
    const several = await server.get('/v1/locations/1,2/episodes')
    expect(several.status).toBe(400)
    expect(await errorOf(several)).toBe(
      'The episodes related to a location are asked of one id, such as /v1/locations/3/episodes.',
    )
    expect((await server.get('/v1/locations/1/episodes?page=abc')).status).toBe(400)
  })
})

describe('characters as an extension (contract §13)', () => {
  it('is marked in the OpenAPI document only where the catalogue answers it, and its paths answer 404 elsewhere', async () => {
    const marked = async (service: typeof server) =>
      ((await (await service.get('/openapi.json')).json()) as { info: Record<string, unknown> }).info[
        'x-catalogue-extensions'
      ]
    expect(await marked(server)).toMatchObject({ characters: 1 })
    expect(await marked(withoutCharacters)).toEqual({ views: 1, export: 1, insights: 1 })
    for (const path of ['/v1/characters', '/v1/characters/1', '/v1/locations/1/episodes'])
      expect((await withoutCharacters.get(path)).status, path).toBe(404)
  })

  it('is removed by CATALOGUE_VIEWS=off, asks for a key, and shares the views’ slots', async () => {
    for (const path of ['/v1/characters', '/v1/characters/1', '/v1/episodes/1/locations']) {
      expect((await off.get(path)).status, path).toBe(404)
      expect((await server.get(path, { key: null })).status, path).toBe(401)
      const refused = await busy.get(path)
      expect(refused.status, path).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('1')
    }
  })
})
