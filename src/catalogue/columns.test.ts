import { describe, expect, it } from 'vitest'
import { COLLECTIONS, episodes, locations, seasonCode } from '.'
import { columnValue, facetValue, SORT_COLLATOR } from './columns'

const location = {
  id: 3,
  name: 'Planet 10',
  type: '',
  dimension: 'Dimension C-137',
  residents: ['a', 'b'],
  url: 'u',
  created: '2017-11-10T12:42:04.162Z',
}
const episode = {
  id: 4,
  name: 'Pilot',
  air_date: 'December 2, 2013',
  episode: 'S02E03',
  characters: [],
  url: 'u',
  created: 'not a date',
}
const column = <C extends { columns: readonly { field: string }[] }>(collection: C, field: string) => {
  const found = collection.columns.find((candidate) => candidate.field === field)
  if (!found) throw new Error(`no column ${field}`)
  return found as C['columns'][number]
}

describe('the data tool declared by each collection', () => {
  it('reads text, counts and dates as values that compare; empty and unreadable values have none', () => {
    expect(columnValue(location, column(locations, 'name'))).toBe('Planet 10')
    expect(columnValue(location, column(locations, 'type'))).toBeNull()
    expect(columnValue(location, column(locations, 'residents'))).toBe(2)
    expect(columnValue(location, column(locations, 'created'))).toBe(Date.UTC(2017, 10, 10, 12, 42, 4, 162))
    expect(columnValue(episode, column(episodes, 'air_date'))).toBe(Date.UTC(2013, 11, 2))
    expect(columnValue(episode, column(episodes, 'characters'))).toBe(0)
    expect(columnValue(episode, column(episodes, 'created'))).toBeNull()
  })

  it('gives each facet its exact value: the season of an episode code, a location type as written', () => {
    expect(episodes.facets.map((facet) => facetValue(episode, facet))).toEqual(['S02'])
    const special = { ...episode, episode: 'Special' }
    expect(facetValue(special, { field: 'episode', value: seasonCode })).toBe('')
    expect(locations.facets.map((facet) => facetValue(location, facet))).toEqual(['', 'Dimension C-137'])
  })

  it('names each column and facet after a field the record has, and ranges only numbers and dates', () => {
    for (const collection of COLLECTIONS) {
      const fields = ['id', 'name', ...collection.recordFields.map((shown) => shown.field)]
      for (const { field, kind, range } of collection.columns) {
        expect(fields).toContain(field)
        if (range) expect(['count', 'isoDate', 'airDate']).toContain(kind)
      }
      expect(collection.columns.filter((candidate) => candidate.shown).length).toBeGreaterThan(0)
      for (const { field } of collection.facets) expect(fields).toContain(field)
    }
  })

  it('sorts text as people read it, the same for every reader', () => {
    const names = ['Planet 10', 'émile', 'Planet 9', 'Emile', 'alpha']
    expect([...names].sort(SORT_COLLATOR.compare)).toEqual([
      'alpha',
      'émile',
      'Emile',
      'Planet 9',
      'Planet 10',
    ])
  })
})
