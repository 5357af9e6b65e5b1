import { describe, expect, it } from 'vitest'
import { type ApiRecord, COLLECTIONS } from '../../catalogue'
import { airOrder, relatedRecords } from '../../catalogue/characters/character-index'
import { answerCharacters, characterDetail, characterListPage, indexCharacters } from './characters'

const at = (id: number) => `https://catalogue.test/v1/characters/${id}`
const location = (id: number, residents: number[]) => ({
  id,
  name: `Place ${id}`,
  type: 'Planet',
  dimension: 'C-137',
  residents: residents.map(at),
  url: `https://catalogue.test/v1/locations/${id}`,
  created: '2017-11-10T12:42:04.162Z',
})
const episode = (id: number, code: string, airDate: string, characters: number[]) => ({
  id,
  name: `Episode ${id}`,
  air_date: airDate,
  episode: code,
  characters: characters.map(at),
  url: `https://catalogue.test/v1/episodes/${id}`,
  created: '2017-11-10T12:42:04.162Z',
})

const catalogue = new Map<string, ApiRecord[]>([
  // Listed out of id order, with a resident named twice and an address that names no character.
  [
    'locations',
    [location(3, [2, 5]), location(1, [1, 2, 2]), location(2, []), { ...location(4, []), residents: ['x'] }],
  ],
  [
    'episodes',
    [
      // Id order is not air order.
      episode(10, 'S02E01', 'March 3, 2015', [1, 2, 7]),
      episode(11, 'S01E02', 'January 20, 2014', [2]),
      episode(12, 'S01E01', 'December 2, 2013', [2, 5]),
    ],
  ],
])
// The two collections this catalogue holds: another collection of the contract changes nothing here.
const LINKING = COLLECTIONS.filter(({ name }) => name === 'locations' || name === 'episodes')
const index = indexCharacters(catalogue, LINKING)
const ids = (records: readonly ApiRecord[]) => records.map((record) => record.id)

describe('characters derived from the catalogue', () => {
  it('knows every character named anywhere, once, by id', () => {
    expect(index.ids).toEqual([1, 2, 5, 7])
    expect(index.allSeasons).toEqual([1, 2])
  })

  it('gives a character its address, the locations listing it and its episodes in air order', () => {
    const two = characterDetail(index, 2)
    expect(two?.address).toBe(at(2))
    expect(two?.name).toBe('Character #2')
    expect(two?.links.map((link) => [link.collection, ids(link.records)])).toEqual([
      ['locations', [1, 3]],
      ['episodes', [12, 11, 10]],
    ])
    expect(characterDetail(index, 7)?.links.map((link) => ids(link.records))).toEqual([[], [10]])
    expect(characterDetail(index, 3)).toBeNull()
  })

  it('lists characters by id with their counts, filtered by season, paged', () => {
    const all = characterListPage(index, { page: 1, season: null })
    expect(all.info).toEqual({ count: 4, pages: 1, next: null, prev: null })
    expect(all.results).toEqual([
      { id: 1, name: 'Character #1', counts: { locations: 1, episodes: 1 } },
      { id: 2, name: 'Character #2', counts: { locations: 2, episodes: 3 } },
      { id: 5, name: 'Character #5', counts: { locations: 1, episodes: 1 } },
      { id: 7, name: 'Character #7', counts: { locations: 0, episodes: 1 } },
    ])
    expect(characterListPage(index, { page: 1, season: 1 }).results.map((row) => row.id)).toEqual([2, 5])
    expect(characterListPage(index, { page: 1, season: 9 }).info.count).toBe(0)
    expect(characterListPage(index, { page: 2, season: null }).results).toEqual([])
  })

  it('sorts by a count either way (ties by number), keeps counts within ranges, and counts each season over them', () => {
    const byEpisodes = characterListPage(index, {
      page: 1,
      season: null,
      sort: { field: 'episodes', descending: true },
    })
    expect(byEpisodes.results.map((row) => row.id)).toEqual([2, 1, 5, 7])
    const ascending = characterListPage(index, {
      page: 1,
      season: null,
      sort: { field: 'locations', descending: false },
    })
    expect(ascending.results.map((row) => row.id)).toEqual([7, 1, 5, 2])
    const resident = characterListPage(index, {
      page: 1,
      season: null,
      ranges: { locations: { from: 1, to: null } },
    })
    expect(resident.results.map((row) => row.id)).toEqual([1, 2, 5])
    expect(resident.seasonCounts).toEqual(
      Object.fromEntries(
        index.allSeasons.map((season) => [
          season,
          [1, 2, 5].filter((id) => index.seasons.get(id)?.has(season)).length,
        ]),
      ),
    )
  })

  it('pages twenty at a time, with addresses of the next and previous pages', () => {
    const many = new Map([
      [
        'locations',
        [
          location(
            1,
            Array.from({ length: 45 }, (_, i) => i + 1),
          ),
        ],
      ],
    ])
    const big = indexCharacters(many, LINKING)
    const second = characterListPage(big, { page: 2, season: null })
    expect(second.info).toEqual({
      count: 45,
      pages: 3,
      next: '/characters?page=3',
      prev: '/characters',
    })
    expect(second.results.map((row) => row.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 21))
  })

  it('gives a location the episodes its residents appear in, and an episode where its characters live', () => {
    const fromLocation = relatedRecords(index, 'locations', 1)
    expect(fromLocation?.map((related) => related.collection)).toEqual(['episodes'])
    // Episode 10 has both residents of location 1; the others one each, in air order.
    expect(fromLocation?.[0]?.items.map((item) => [item.record.id, item.count])).toEqual([
      [10, 2],
      [12, 1],
      [11, 1],
    ])
    const fromEpisode = relatedRecords(index, 'episodes', 12)
    expect(fromEpisode?.[0]?.items.map((item) => [item.record.id, item.count])).toEqual([
      [3, 2],
      [1, 1],
    ])
    expect(relatedRecords(index, 'locations', 2)?.[0]?.items).toEqual([])
    expect(relatedRecords(index, 'locations', 99)).toBeNull()
  })

  it('answers each kind of request the worker takes, tagged with its kind', () => {
    const one = answerCharacters(index, { kind: 'one', id: 5 })
    expect(one.kind === 'one' && one.answer?.id).toBe(5)
    const many = answerCharacters(index, { kind: 'many', ids: [7, 3, 1] })
    expect(many.kind === 'many' && many.answer.map((c) => c.id)).toEqual([7, 1])
    const list = answerCharacters(index, { kind: 'list', page: 1, season: 2 })
    expect(list.kind === 'list' && list.answer.info.count).toBe(3)
    const related = answerCharacters(index, { kind: 'related', collection: 'episodes', id: 11 })
    expect(related.kind === 'related' && related.answer?.[0]?.items.length).toBe(2)
  })

  it('puts records without an air date after those with one', () => {
    const dated = episode(1, 'S01E01', 'December 2, 2013', [])
    const undated = { ...episode(2, 'S01E02', 'soon', []) }
    expect([undated, dated].sort(airOrder).map((record) => record.id)).toEqual([1, 2])
  })
})
