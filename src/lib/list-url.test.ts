import { describe, expect, it } from 'vitest'
import { episodes, locations } from '../catalogue'
import { EMPTY_DATA_VIEW } from '../catalogue/views/parameters'
import { canonicalListSearch, readListUrl, writeListUrl } from './list-url'

const read = (search: string) => readListUrl(new URLSearchParams(search), locations)
const canonical = (search: string) => canonicalListSearch(new URLSearchParams(search), locations)

describe('list URL state', () => {
  it('reads filters and page', () => {
    expect(read('name=earth&type=planet&page=2')).toEqual({
      filters: { name: 'earth', type: 'planet', dimension: '' },
      page: 2,
      view: EMPTY_DATA_VIEW,
    })
  })

  it('reads a page number too large to hold exactly as a page beyond any list (then corrected to the last)', () => {
    expect(read('page=99999999999999999999').page).toBe(Number.MAX_SAFE_INTEGER)
  })

  it('reads a missing, malformed or zero page as page 1', () => {
    for (const search of ['', 'page=abc', 'page=0', 'page=-1', 'page=1.5', 'page=']) {
      expect(read(search).page).toBe(1)
    }
  })

  it('keeps a value as typed (inner and trailing spaces) but drops a blank one', () => {
    expect(read('name=rick%20s%20').filters.name).toBe('rick s ')
    expect(read('name=%20%20').filters.name).toBe('')
  })

  it('cuts an overlong filter to the longest the service accepts', () => {
    expect(read(`name=${'a'.repeat(500)}`).filters.name).toHaveLength(200)
  })

  it('writes set filters in contract order and leaves page 1 out', () => {
    const params = writeListUrl(
      { filters: { dimension: 'C-137', name: 'earth', type: '' }, page: 1 },
      locations,
    )
    expect(params.toString()).toBe('name=earth&dimension=C-137')
    expect(
      writeListUrl({ filters: { name: 'a&b', type: '', dimension: '' }, page: 3 }, locations).toString(),
    ).toBe('name=a%26b&page=3')
  })

  it('round-trips any value, punctuation and non-ASCII included', () => {
    const filters = { name: 'Café (50%) + ?&=#', type: 'a/b', dimension: 'ü' }
    const params = writeListUrl({ filters, page: 4 }, locations)
    expect(read(params.toString())).toEqual({ filters, page: 4, view: EMPTY_DATA_VIEW })
  })

  it('gives the corrected search for invalid parameters, and null for a canonical URL', () => {
    expect(canonical('page=abc')).toBe('')
    expect(canonical('name=earth&page=0')).toBe('name=earth')
    expect(canonical('page=2&name=earth')).toBe('name=earth&page=2')
    expect(canonical('name=earth&page=1')).toBe('name=earth')
    expect(canonical('name=earth&page=2')).toBeNull()
    expect(canonical('')).toBeNull()
  })

  it('writes an episode-code shorthand in full, and corrects an address holding one', () => {
    const params = new URLSearchParams('episode=s2e3&name=pilot')
    expect(readListUrl(params, episodes).filters).toEqual({
      name: 'pilot',
      episode: 'S02E03',
    })
    expect(canonicalListSearch(params, episodes)).toBe('name=pilot&episode=S02E03')
    expect(canonicalListSearch(new URLSearchParams('episode=S02'), episodes)).toBeNull()
    const written = writeListUrl({ filters: { name: '', episode: 'S2' }, page: 1 }, episodes)
    expect(written.toString()).toBe('episode=S02')
  })

  it("keeps the data tool's view after the service's parameters, in one canonical order", () => {
    const search = '_sort_desc=residents&type__exact=Planet&name=earth&page=2&type__exact=&_col=name'
    const state = read(search)
    expect(state.view).toEqual({
      sort: { field: 'residents', descending: true },
      facets: { type: ['Planet', ''] },
      ranges: {},
      columns: ['name'],
    })
    expect(canonical(search)).toBe(
      'name=earth&page=2&_sort_desc=residents&type__exact=Planet&type__exact=&_col=name',
    )
    expect(
      canonical('name=earth&page=2&_sort_desc=residents&type__exact=Planet&type__exact=&_col=name'),
    ).toBeNull()
  })

  it("drops a view parameter the list does not have (another list's facet, an unknown column)", () => {
    expect(canonical('season__exact=S01&_sort=nope&name=x')).toBe('name=x')
  })
})
