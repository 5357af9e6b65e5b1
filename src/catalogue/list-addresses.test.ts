import { describe, expect, it } from 'vitest'
import { episodes, locations } from './collections'
import { appliedFilters, appliedFilterValues, listPageAddress, listRequestPath } from './list-addresses'
import { EMPTY_DATA_VIEW, writeDataViewUrl } from './views/parameters'

describe('the filters that apply', () => {
  it('are the non-empty ones, trimmed, in the collection’s order whatever the order given', () => {
    const given = { dimension: ' C-137 ', name: '', type: ' planet' }
    expect(appliedFilters(locations.filters, given)).toEqual([
      ['type', 'planet'],
      ['dimension', 'C-137'],
    ])
    expect(appliedFilterValues(locations.filters, given)).toEqual({ type: 'planet', dimension: 'C-137' })
    expect(appliedFilters(locations.filters, { name: '   ' })).toEqual([])
  })

  it('leave out a name the collection does not filter by', () => {
    const given: Record<string, string> = { name: 'pilot', type: 'planet' }
    expect(appliedFilters(episodes.filters, given)).toEqual([['name', 'pilot']])
  })
})

describe('the address of a page of a list (next, prev)', () => {
  it('holds page first, then the filters that apply, percent-encoded', () => {
    const applied = appliedFilters(locations.filters, { dimension: 'a&b=c', name: 'Café Müller ' })
    expect(listPageAddress('https://catalogue.example', locations, 3, applied)).toBe(
      'https://catalogue.example/v1/locations?page=3&name=Caf%C3%A9%20M%C3%BCller&dimension=a%26b%3Dc',
    )
    expect(listPageAddress('', episodes, 2, [])).toBe('/v1/episodes/?page=2')
  })

  it('holds the data tool’s view after the filters, in the order writeDataViewUrl writes it', () => {
    const view = writeDataViewUrl(
      {
        ...EMPTY_DATA_VIEW,
        sort: { field: 'residents', descending: true },
        facets: { type: ['Planet', ''] },
        ranges: { residents: { from: '3', to: '' } },
        columns: ['name', 'type'],
      },
      locations,
    )
    const applied = appliedFilters(locations.filters, { name: 'earth' })
    expect(listPageAddress('', locations, 2, applied, view)).toBe(
      '/v1/locations?page=2&name=earth&_sort_desc=residents&type__exact=Planet&type__exact=&residents__gte=3&_col=name&_col=type',
    )
  })
})

describe('the path a client asks for a page of a list', () => {
  it('leaves page 1 and the filters that do not apply out', () => {
    expect(listRequestPath(locations, { name: ' ', type: '' }, 1)).toBe('/v1/locations')
    expect(listRequestPath(locations, { dimension: ' C-137', name: 'a b' }, 2)).toBe(
      '/v1/locations?page=2&name=a+b&dimension=C-137',
    )
  })
})
