import { describe, expect, it } from 'vitest'
import { episodes, locations } from '..'
import { readDataViewUrl } from './parameters'
import { listViewOf, viewStateOf } from './view'

describe('the view the engine is asked', () => {
  it('holds the service’s filters, the facet values and the sort as the address says', () => {
    const state = readDataViewUrl(
      new URLSearchParams('_sort_desc=residents&type__exact=Planet&type__exact='),
      locations,
    )
    expect(listViewOf({ name: 'earth' }, state, locations.columns)).toEqual({
      filters: { name: 'earth' },
      facets: { type: ['Planet', ''] },
      ranges: {},
      sort: { field: 'residents', descending: true },
    })
  })

  it('reads ranges as numbers, dates as UTC times each end taking its whole period, an open end as null', () => {
    const state = readDataViewUrl(
      new URLSearchParams('air_date__gte=2015&air_date__lte=2015-02&characters__lte=7'),
      episodes,
    )
    expect(listViewOf({}, state, episodes.columns).ranges).toEqual({
      air_date: { from: Date.UTC(2015, 0, 1), to: Date.UTC(2015, 2, 1) - 1 },
      characters: { from: null, to: 7 },
    })
  })

  it('is written back as an address means it: the same view once read again', () => {
    for (const [address, collection] of [
      ['_sort=name&type__exact=Resort&residents__gte=2&created__lte=2017-11', locations],
      ['_sort_desc=air_date&season__exact=S02&air_date__gte=2014&air_date__lte=2015-02-03', episodes],
      ['characters__lte=7', episodes],
    ] as const) {
      const view = listViewOf(
        {},
        readDataViewUrl(new URLSearchParams(address), collection),
        collection.columns,
      )
      expect(listViewOf({}, viewStateOf(view, collection.columns), collection.columns)).toEqual(view)
    }
  })
})
