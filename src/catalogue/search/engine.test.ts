import { describe, expect, it } from 'vitest'
import { episodes as EPISODES } from '../collections/episodes'
import { locations as LOCATIONS } from '../collections/locations'
import { SearchEngine, type SearchResults } from './engine'

const location = (id: number, name: string, more: Record<string, unknown> = {}) => ({
  id,
  name,
  type: 'Planet',
  dimension: 'Dimension C-137',
  residents: [],
  ...more,
})
const episode = (id: number, name: string, code: string, characters: number[] = []) => ({
  id,
  name,
  episode: code,
  air_date: 'December 2, 2013',
  characters,
})

function engineOf(locations: object[], episodes: object[] = []) {
  return SearchEngine.of([
    { collection: LOCATIONS, records: locations as { id: number }[] },
    { collection: EPISODES, records: episodes as { id: number }[] },
  ])
}

const recordIds = (engine: SearchEngine, results: SearchResults) =>
  Array.from(results.records, (document) => engine.recordAt(document).id)

describe('the catalogue’s search (contract §13)', () => {
  it('folds accents, ligatures and the letters no stripping makes plain, in names and queries', () => {
    const engine = engineOf([
      location(1, 'Café Müller'),
      location(2, 'Æsir Hall'),
      location(3, 'Straße Nine'),
      location(4, 'ﬁnal Stop'),
      location(5, 'Łódź'),
    ])
    const ids = (query: string) => recordIds(engine, engine.search(query))
    expect(ids('cafe muller')).toEqual([1])
    expect(ids('CAFÉ')).toEqual([1])
    expect(ids('aesir')).toEqual([2])
    expect(ids('strasse')).toEqual([3])
    expect(ids('final')).toEqual([4])
    expect(ids('lodz')).toEqual([5])
  })

  it('ranks the whole name, then every word equal, then every word matched, fewer name words first, then by id', () => {
    const engine = engineOf([
      location(1, 'Muller Cafe Bar'),
      location(2, 'Cafes of Mars'),
      location(3, 'Cafe Muller'),
      location(4, 'Cafo'),
      location(5, 'Cafe'),
      location(6, 'Cafe Muller'),
      location(7, 'Nothing here'),
    ])
    // 5 names the whole query; 3 and 6 (two name words) and 1 (three) hold "cafe"; 4 is one edit away and
    // 2 a completion.
    expect(recordIds(engine, engine.search('cafe'))).toEqual([5, 3, 6, 1, 4, 2])
    expect(recordIds(engine, engine.search('Café Müller'))).toEqual([3, 6, 1])
  })

  it('answers records with any word when none has every word, fewer name words first', () => {
    const engine = engineOf([location(1, 'Cafe Muller Bar'), location(2, 'Cafe'), location(3, 'Bar')])
    expect(recordIds(engine, engine.search('cafe zzzz'))).toEqual([2, 1])
    expect(recordIds(engine, engine.search('bar cafe'))).toEqual([1])
  })

  it('reads the last word as a prefix from two letters, and one edit from four letters in any word', () => {
    const engine = engineOf([location(1, 'Cafe Muller'), location(2, 'Caramel Moon'), location(3, 'Mull')])
    const ids = (query: string) => recordIds(engine, engine.search(query))
    expect(ids('c')).toEqual([])
    expect(ids('ca')).toEqual([1, 2])
    expect(ids('muller ca')).toEqual([1])
    // Not the last word, "ca" is no prefix: no record has every word, so those with any (fewer words first).
    expect(ids('ca mull')).toEqual([3, 1])
    // One edit from four letters, in any word; a swap is two edits.
    expect(ids('mon')).toEqual([])
    expect(ids('moom')).toEqual([2])
    expect(ids('cafo muller')).toEqual([1])
    expect(ids('cfae')).toEqual([])
    // At the first letter too: replaced, added, left out.
    expect(ids('kafe muller')).toEqual([1])
    expect(ids('xcafe muller')).toEqual([1])
    expect(ids('uller cafe')).toEqual([1])
  })

  it('expands a prefix to its fifty most frequent completions', () => {
    const locations = Array.from({ length: 60 }, (_, index) =>
      location(index + 1, `pax${String(index).padStart(2, '0')}`),
    )
    // pax59 … pax50 are each in a second record as well: the ten most frequent.
    for (let index = 50; index < 60; index++) locations.push(location(100 + index, `pax${index} again`))
    const engine = engineOf(locations)
    const found = new Set(
      recordIds(engine, engine.search('pa')).map((id) =>
        id >= 100 ? `pax${id - 100}` : `pax${String(id - 1).padStart(2, '0')}`,
      ),
    )
    expect(found.size).toBe(50)
    for (let index = 50; index < 60; index++) expect(found.has(`pax${index}`)).toBe(true)
    expect(found.has('pax00')).toBe(true)
    expect(found.has('pax39')).toBe(true)
    expect(found.has('pax40')).toBe(false)
  })

  it('finds types and dimensions as values with their record counts, before records', () => {
    const engine = engineOf([
      location(1, 'Earth', { type: 'Planet' }),
      location(2, 'Planet Express', { type: 'Space station' }),
      location(3, 'Mars', { type: 'Planet' }),
    ])
    const results = engine.search('planet')
    expect(results.values).toEqual([
      { kind: 'value', collection: 'locations', field: 'type', value: 'Planet', count: 2 },
    ])
    expect(recordIds(engine, results)).toEqual([2])
  })

  it('answers an episode, a season in code order and a character by their shorthands', () => {
    const engine = engineOf(
      [location(1, 'Earth', { residents: [42] })],
      [
        episode(1, 'Pilot', 'S01E01', [7]),
        episode(3, 'Second Three', 'S02E03'),
        episode(2, 'Second One', 'S02E01'),
        episode(4, 'Forty-two Answers', 'S03E01'),
      ],
    )
    const named = (query: string) =>
      engine
        .search(query)
        .named.map((match) =>
          match.kind === 'record' ? `${match.collection}/${match.id}` : `characters/${match.id}`,
        )
    expect(named('s2e3')).toEqual(['episodes/3'])
    expect(named('S02E03')).toEqual(['episodes/3'])
    expect(named('season 2')).toEqual(['episodes/2', 'episodes/3'])
    expect(named('#42')).toEqual(['characters/42'])
    expect(named('character 7')).toEqual(['characters/7'])
    expect(named('42')).toEqual(['characters/42'])
    expect(named('43')).toEqual([])
    expect(engine.search('s2e3').records).toHaveLength(0)
  })

  it('searches one collection’s records for a list, by their positions, with its own any-word fallback', () => {
    const engine = engineOf(
      [location(5, 'Cafe Muller'), location(9, 'Cafe')],
      [episode(1, 'Muller Night', 'S01E01')],
    )
    expect(Array.from(engine.searchCollection('locations', 'cafe'))).toEqual([1, 0])
    expect(Array.from(engine.searchCollection('episodes', 'muller cafe'))).toEqual([0])
    expect(Array.from(engine.searchCollection('episodes', 'cafe'))).toEqual([])
  })
})

describe('the search engine made a slice at a time', () => {
  it('lets other work run between slices and finds what the engine made in one go finds', async () => {
    const locations = Array.from({ length: 12_000 }, (_, index) =>
      location(index + 1, `Place ${index % 97} Nine`),
    )
    const collections = [
      { collection: LOCATIONS, records: locations },
      { collection: EPISODES, records: [episode(1, 'Nine Lives', 'S01E01')] },
    ]
    let pauses = 0
    const inTurns = await SearchEngine.inTurns(collections, async () => {
      pauses++
    })
    const atOnce = SearchEngine.of(collections)
    expect(pauses).toBeGreaterThan(2)
    for (const query of ['nine', 'place 42', 'pla', 'nien', 's1e1']) {
      const [a, b] = [inTurns.search(query), atOnce.search(query)]
      expect(Array.from(a.records)).toEqual(Array.from(b.records))
      expect(a.named).toEqual(b.named)
    }
  })
})
