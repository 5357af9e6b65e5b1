import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type AnyCollection, type ApiRecord, COLLECTIONS, type DatasetRecord } from '../../catalogue'
import { parseQuery } from '../../catalogue/search/query'
import { buildCatalogueSearch, type SearchAnswer, searchCatalogue } from './search-index'

const character = (id: number) => `http://service.test/v1/characters/${id}`

const FIXTURE = new Map<string, ApiRecord[]>([
  [
    'locations',
    [
      {
        id: 1,
        name: 'Café Müller',
        type: 'Asteroid',
        dimension: 'Fantasy Dimension',
        residents: [character(9)],
      },
      { id: 2, name: 'Zürich Nine', type: 'Base', dimension: 'Dimension K-12', residents: [character(42)] },
      { id: 3, name: 'GLORBO PRIME', type: 'Planet', dimension: 'Dimension C-137', residents: [] },
      { id: 4, name: 'Glorbo Minor', type: 'Moon', dimension: 'Replacement Dimension', residents: [] },
      { id: 5, name: 'Harbor Nine', type: 'Resort', dimension: 'Cafeteria Dimension', residents: [] },
    ].map((record) => ({ ...record, url: '', created: '' })),
  ],
  [
    'episodes',
    [
      {
        id: 1,
        name: 'The First Door',
        air_date: 'December 2, 2013',
        episode: 'S01E01',
        characters: [character(7)],
      },
      { id: 2, name: 'A Café for Two', air_date: 'December 9, 2013', episode: 'S01E02', characters: [] },
      { id: 12, name: 'Prime Time', air_date: 'July 26, 2015', episode: 'S02E01', characters: [] },
      { id: 13, name: 'Second Glance', air_date: 'August 2, 2015', episode: 'S02E02', characters: [] },
      { id: 14, name: 'Third Wheel', air_date: 'August 9, 2015', episode: 'S02E03', characters: [] },
    ].map((record) => ({ ...record, url: '', created: '' })),
  ],
])

const fixture = buildCatalogueSearch(FIXTURE)
const titles = (answer: SearchAnswer) => answer.groups.map((group) => group.title)
const names = (answer: SearchAnswer, collection: string) =>
  answer.groups.find((group) => group.collection === collection)?.hits.map((hit) => hit.name) ?? []

describe('reading a query', () => {
  it.each([
    ['s2e3', 'S02E03'],
    ['S02E03', 'S02E03'],
    ['season 2 episode 3', 'S02E03'],
    [' S1 E11 ', 'S01E11'],
  ])('"%s" asks for the episode %s', (query, code) => {
    expect(parseQuery(query)).toEqual({ kind: 'episode', code })
  })

  it.each(['S2', 's02', 'season 2', 'Season  2'])('"%s" asks for season 2', (query) => {
    expect(parseQuery(query)).toMatchObject({ kind: 'season', season: 2 })
  })

  it.each(['42', '#42', 'character 42', 'Character #42'])('"%s" names character 42', (query) => {
    expect(parseQuery(query)).toMatchObject({ kind: 'text', character: 42 })
  })

  it('words are words', () => {
    expect(parseQuery('glorbo prme')).toEqual({ kind: 'text', text: 'glorbo prme', character: null })
    expect(parseQuery('season finale')).toMatchObject({ kind: 'text', character: null })
  })
})

describe('searching the catalogue', () => {
  it('ignores case and accents, in both directions', () => {
    expect(names(searchCatalogue(fixture, 'cafe'), 'episodes')).toEqual(['A Café for Two'])
    expect(names(searchCatalogue(fixture, 'zurich'), 'locations')).toEqual(['Zürich Nine'])
    expect(names(searchCatalogue(fixture, 'MÜLLER'), 'locations')).toEqual(['Café Müller'])
  })

  it('folds letters and ligatures no accent stripping makes plain, as contract §13 says (æ, ß, ø, ł, ﬁ)', () => {
    const letters = buildCatalogueSearch(
      new Map([
        [
          'locations',
          ['Æsir Hall', 'Große Straße', 'Øresund Bridge', 'Łódź Yard', 'The ﬁnal Stop', 'Þórr Keep'].map(
            (name, index) => ({
              id: index + 1,
              name,
              type: 'Base',
              dimension: 'Unknown',
              residents: [],
              url: '',
              created: '',
            }),
          ),
        ],
      ]),
    )
    const found = (query: string) => names(searchCatalogue(letters, query), 'locations')
    expect(found('aesir')).toEqual(['Æsir Hall'])
    expect(found('ÆSIR')).toEqual(['Æsir Hall'])
    expect(found('strasse')).toEqual(['Große Straße'])
    expect(found('oresund')).toEqual(['Øresund Bridge'])
    expect(found('lodz')).toEqual(['Łódź Yard'])
    expect(found('final')).toEqual(['The ﬁnal Stop'])
    expect(found('thorr')).toEqual(['Þórr Keep'])
  })

  it('matches the start of a word', () => {
    expect(names(searchCatalogue(fixture, 'glor'), 'locations')).toEqual(
      expect.arrayContaining(['GLORBO PRIME', 'Glorbo Minor']),
    )
    expect(names(searchCatalogue(fixture, 'zur'), 'locations')).toEqual(['Zürich Nine'])
  })

  it('forgives a typo, and puts the record matching every word first', () => {
    const answer = searchCatalogue(fixture, 'glorbo prme')
    expect(names(answer, 'locations')).toEqual(['GLORBO PRIME'])
    expect(names(searchCatalogue(fixture, 'glrbo'), 'locations')).toEqual(
      expect.arrayContaining(['GLORBO PRIME', 'Glorbo Minor']),
    )
  })

  it('leads from a type or a dimension to the list filtered on it', () => {
    const answer = searchCatalogue(fixture, 'asteroid')
    expect(answer.groups[0]?.hits).toEqual([
      {
        key: 'locations/type/Asteroid',
        collection: 'locations',
        name: 'Asteroid',
        detail: 'Type · 1 location',
        path: '/locations?type=Asteroid',
      },
    ])
    const dimension = searchCatalogue(fixture, 'k-12').groups[0]?.hits[0]
    expect(dimension).toMatchObject({ name: 'Dimension K-12', path: '/locations?dimension=Dimension+K-12' })
    // A value comes before the records whose names match.
    expect(names(searchCatalogue(fixture, 'cafe'), 'locations')).toEqual([
      'Cafeteria Dimension',
      'Café Müller',
    ])
  })

  it('finds an episode by its code and by shorthand', () => {
    expect(names(searchCatalogue(fixture, 's2e3'), 'episodes')).toEqual(['Third Wheel'])
    expect(names(searchCatalogue(fixture, 'S01E02'), 'episodes')).toEqual(['A Café for Two'])
    expect(titles(searchCatalogue(fixture, 's2e3'))).toEqual(['Episodes'])
    expect(searchCatalogue(fixture, 's9e9').groups).toEqual([])
  })

  it('lists a season in code order', () => {
    expect(names(searchCatalogue(fixture, 'season 2'), 'episodes')).toEqual([
      'Prime Time',
      'Second Glance',
      'Third Wheel',
    ])
    expect(names(searchCatalogue(fixture, 'S1'), 'episodes')).toEqual(['The First Door', 'A Café for Two'])
  })

  it('offers a character the catalogue lists, and only then', () => {
    for (const query of ['42', '#42', 'character 42']) {
      const group = searchCatalogue(fixture, query).groups.find((g) => g.collection === 'characters')
      expect(group?.hits).toEqual([
        expect.objectContaining({ name: 'Character #42', path: '/characters/42' }),
      ])
    }
    expect(searchCatalogue(fixture, '#7').groups.at(-1)?.hits[0]?.path).toBe('/characters/7')
    expect(titles(searchCatalogue(fixture, '43'))).not.toContain('Characters')
  })

  it('puts the character a query names first (contract §13), written as a bare number or as an id', () => {
    const withNames = new Map(FIXTURE)
    const sector = (id: number, name: string) => ({ id, name, type: 'Sector', dimension: '', residents: [] })
    withNames.set('locations', [
      ...(FIXTURE.get('locations') ?? []),
      ...[sector(42, 'Sector 42'), sector(43, 'Gate 42')].map((record) => ({
        ...record,
        url: '',
        created: '',
      })),
    ])
    const search = buildCatalogueSearch(withNames)
    for (const query of ['42', '#42', 'character 42', 'Character #42']) {
      expect(titles(searchCatalogue(search, query)), query).toEqual(['Characters', 'Locations'])
    }
  })

  it('groups results as locations, episodes, characters, with links and details', () => {
    const answer = searchCatalogue(fixture, 'prime')
    expect(titles(answer)).toEqual(['Locations', 'Episodes'])
    expect(answer.groups[0]?.hits[0]).toEqual({
      key: 'locations/3',
      collection: 'locations',
      name: 'GLORBO PRIME',
      detail: 'Planet · Dimension C-137',
      path: '/locations/3',
      recordId: 3,
    })
    expect(answer.groups[1]?.hits[0]).toMatchObject({
      path: '/episodes/12',
      detail: 'S02E01 · July 26, 2015',
    })
  })

  it('answers nothing to nothing, and never throws on odd text', () => {
    expect(searchCatalogue(fixture, '   ').groups).toEqual([])
    for (const odd of ['"', '((', '\u0000', 'é'.repeat(500), '#', 'season', 's', '%']) {
      expect(() => searchCatalogue(fixture, odd)).not.toThrow()
    }
  })
})

describe('searching the shipped dataset', () => {
  const file = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../server/data/catalogue.json'), 'utf8'),
  )
  const at = {
    self: (id: number) => `http://service.test/v1/x/${id}`,
    characters: (ids: readonly number[]) => ids.map(character),
  }
  const records = new Map(
    COLLECTIONS.map((collection: AnyCollection) => [
      collection.name,
      (file[collection.name] as DatasetRecord[]).map((record) => collection.toRecord(record, at)),
    ]),
  )
  const shipped = buildCatalogueSearch(records)

  it('finds the accented names by their plain spelling', () => {
    expect(names(searchCatalogue(shipped, 'cafe muller'), 'locations')[0]).toBe('Café Müller')
    expect(names(searchCatalogue(shipped, 'zurich'), 'locations')[0]).toBe('Zürich Nine')
    expect(names(searchCatalogue(shipped, 'nandu'), 'locations')[0]).toBe('Ñandú Plains')
    expect(names(searchCatalogue(shipped, 'senor'), 'episodes')[0]).toBe('Señor Gloop')
  })

  it('forgives the typo of "glorbo prme"', () => {
    expect(names(searchCatalogue(shipped, 'glorbo prme'), 'locations')[0]).toBe('GLORBO PRIME')
  })

  it('finds every episode of a season and each by its code', () => {
    const season1 = (file.episodes as { episode: string }[]).filter((e) => e.episode.startsWith('S01'))
    const group = searchCatalogue(shipped, 'season 1').groups[0]
    expect(group?.total).toBe(season1.length)
    expect(names(searchCatalogue(shipped, 's1e2'), 'episodes')).toEqual(['A Café for Two'])
  })
})
