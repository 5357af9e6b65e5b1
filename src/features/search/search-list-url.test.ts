import { describe, expect, it } from 'vitest'
import { readSearchListUrl, searchListPath, searchListSearch } from './search-list-url'

const read = (search: string) => readSearchListUrl(new URLSearchParams(search))

describe('the search list address', () => {
  it('reads the query, the chosen collections, the sort and the page, and writes them back the same', () => {
    const search =
      '?q=planet+x&_sort_desc=name&collection__exact=locations&collection__exact=characters&page=2'
    const state = read(search)
    expect(state).toEqual({
      query: 'planet x',
      collections: ['locations', 'characters'],
      sort: { field: 'name', descending: true },
      page: 2,
    })
    expect(searchListSearch(state)).toBe(search)
  })

  it('reads what it cannot use as its default', () => {
    expect(read('?_sort=detail&page=0&type__exact=Planet')).toEqual({
      query: '',
      collections: [],
      sort: null,
      page: 1,
    })
    expect(read(`?q=${'a'.repeat(500)}`).query).toHaveLength(200)
  })

  it("is where the palette's Show all leads", () => {
    expect(searchListPath('  café & co ')).toBe('/search?q=caf%C3%A9+%26+co')
    expect(searchListPath('')).toBe('/search')
  })
})
