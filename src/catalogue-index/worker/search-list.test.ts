import { describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '../../catalogue'
import type { SearchHit } from '../protocol/search'
import { searchListPage } from './search-list'

const TITLES: Record<string, string> = {
  locations: 'Locations',
  episodes: 'Episodes',
  characters: 'Characters',
}
const titleOf = (collection: string) => TITLES[collection] ?? collection

const hit = (collection: string, name: string, n: number): SearchHit => ({
  key: `${collection}/${n}`,
  collection,
  name,
  detail: '',
  path: `/${collection}/${n}`,
})

const ALL = { collections: [], sort: null, page: 1 }

describe('searchListPage', () => {
  it('pages the results best first, and counts every collection among them, most first', () => {
    const hits = Array.from({ length: 45 }, (_, n) => hit(n % 3 === 0 ? 'episodes' : 'locations', `R${n}`, n))
    const first = searchListPage(hits, ALL, titleOf)
    expect(first.info).toEqual({ count: 45, pages: 3 })
    expect(first.results.map((row) => row.name)).toEqual(hits.slice(0, PAGE_SIZE).map((h) => h.name))
    expect(first.results[0]).toMatchObject({ rank: 1, collectionTitle: 'Episodes' })
    const third = searchListPage(hits, { ...ALL, page: 3 }, titleOf)
    expect(third.results.map((row) => row.name)).toEqual(hits.slice(40).map((h) => h.name))
    expect(first.facets).toEqual([
      {
        name: 'collection',
        label: 'Collection',
        values: [
          { value: 'locations', count: 30, chosen: false },
          { value: 'episodes', count: 15, chosen: false },
        ],
      },
    ])
  })

  it('answers a page beyond the last with the last', () => {
    const page = searchListPage([hit('locations', 'A', 1)], { ...ALL, page: 9 }, titleOf)
    expect(page.page).toBe(1)
    expect(page.results).toHaveLength(1)
    expect(searchListPage([], { ...ALL, page: 3 }, titleOf)).toMatchObject({
      page: 1,
      info: { count: 0, pages: 0 },
    })
  })

  it('keeps the chosen collections (any of them), and counts a chosen one with no result as 0', () => {
    const hits = [
      hit('locations', 'A', 1),
      hit('episodes', 'B', 2),
      hit('characters', 'C', 3),
      hit('locations', 'D', 4),
    ]
    const page = searchListPage(
      hits,
      { ...ALL, collections: ['locations', 'characters', 'nowhere'] },
      titleOf,
    )
    expect(page.results.map((row) => row.name)).toEqual(['A', 'C', 'D'])
    expect(page.info.count).toBe(3)
    // The facet counts every result: choosing a value of the only facet narrows nothing else.
    expect(page.facets[0]?.values).toEqual([
      { value: 'locations', count: 2, chosen: true },
      { value: 'characters', count: 1, chosen: true },
      { value: 'episodes', count: 1, chosen: false },
      { value: 'nowhere', count: 0, chosen: true },
    ])
  })

  it('sorts by name as people read it, either way, ties by rank and empty names last', () => {
    const names = ['Planet 10', 'émile', 'Planet 9', '', 'Emile', 'Zeta', 'Planet 9']
    const hits = names.map((name, n) => hit('locations', name, n))
    // An independent order: String#localeCompare with the same options, then the rank.
    const expected = (descending: boolean) =>
      hits
        .map((h, index) => ({ name: h.name, rank: index + 1 }))
        .sort((a, b) => {
          if (a.name === '' || b.name === '')
            return Number(a.name === '') - Number(b.name === '') || a.rank - b.rank
          const order = a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' })
          return (descending ? -order : order) || a.rank - b.rank
        })
        .map((row) => row.rank)
    for (const descending of [false, true]) {
      const page = searchListPage(hits, { ...ALL, sort: { field: 'name', descending } }, titleOf)
      expect(page.results.map((row) => row.rank)).toEqual(expected(descending))
    }
    const ascending = searchListPage(hits, { ...ALL, sort: { field: 'name', descending: false } }, titleOf)
    expect(ascending.results.map((row) => row.name)).toEqual([
      'émile',
      'Emile',
      'Planet 9',
      'Planet 9',
      'Planet 10',
      'Zeta',
      '',
    ])
  })

  it('sorts by collection by its title, ties by rank', () => {
    const hits = [
      hit('locations', 'A', 1),
      hit('episodes', 'B', 2),
      hit('characters', 'C', 3),
      hit('episodes', 'D', 4),
    ]
    const page = searchListPage(hits, { ...ALL, sort: { field: 'collection', descending: true } }, titleOf)
    expect(page.results.map((row) => row.name)).toEqual(['A', 'B', 'D', 'C'])
  })
})
