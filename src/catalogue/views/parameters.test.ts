import { describe, expect, it } from 'vitest'
import { type CatalogueCollection, COLLECTIONS, episodes, locations } from '..'
import {
  apiViewParameters,
  boundOf,
  encodeParameters,
  isDataViewParameter,
  needsIndex,
  readApiView,
  readDataViewUrl,
  writeDataViewUrl,
} from './parameters'

const read = (search: string, collection: CatalogueCollection = locations) =>
  readDataViewUrl(new URLSearchParams(search), collection)

describe("the data tool's address", () => {
  it('reads sort, exact facet values (an empty one too), ranges and columns', () => {
    expect(
      read('_sort_desc=residents&type__exact=Planet&type__exact=&residents__gte=3&_col=name&_col=created'),
    ).toEqual({
      sort: { field: 'residents', descending: true },
      facets: { type: ['Planet', ''] },
      ranges: { residents: { from: '3', to: '' } },
      columns: ['name', 'created'],
    })
  })

  it('leaves out unknown columns and facets, unreadable bounds and ranges on text', () => {
    expect(read('_sort=nope&colour__exact=red&residents__gte=many&name__gte=a&_col=nope')).toEqual({
      sort: null,
      facets: {},
      ranges: {},
      columns: null,
    })
  })

  it('writes one canonical form that reads back the same, after the list’s own parameters', () => {
    const search = 'name=pla&page=2'
    const state = read('_col=created&residents__lte=4&type__exact=Moon&_sort=name&type__exact=Planet')
    const written = writeDataViewUrl(state, locations, new URLSearchParams(search)).toString()
    expect(written).toBe(
      'name=pla&page=2&_sort=name&type__exact=Moon&type__exact=Planet&residents__lte=4&_col=created',
    )
    expect(read(written)).toEqual(state)
  })

  it('names nothing a service reads: the specification’s filters and page keep their meaning', () => {
    for (const collection of COLLECTIONS)
      for (const filter of collection.filters) expect(isDataViewParameter(filter)).toBe(false)
    expect(isDataViewParameter('page')).toBe(false)
    for (const name of ['_sort', '_sort_desc', '_col', 'type__exact', 'air_date__gte', 'created__lte'])
      expect(isDataViewParameter(name)).toBe(true)
  })

  it('needs the index for a sort, a facet or a range, not for columns alone', () => {
    expect(needsIndex(read('_col=name'))).toBe(false)
    expect(needsIndex(read('_sort=name'))).toBe(true)
    expect(needsIndex(read('season__exact=S02', episodes))).toBe(true)
    expect(needsIndex(read('air_date__gte=2015', episodes))).toBe(true)
  })

  it('reads dates in UTC, each end taking the whole year, month or day written', () => {
    const date = { kind: 'airDate' } as const
    expect(boundOf(date, '2015', 'from')).toBe(Date.UTC(2015, 0, 1))
    expect(boundOf(date, '2015', 'to')).toBe(Date.UTC(2016, 0, 1) - 1)
    expect(boundOf(date, '2015-02', 'to')).toBe(Date.UTC(2015, 2, 1) - 1)
    expect(boundOf(date, '2015-07-26', 'to')).toBe(Date.UTC(2015, 6, 27) - 1)
    expect(boundOf(date, '2015-02-30', 'from')).toBeNull()
    expect(boundOf(date, '2015-13', 'from')).toBeNull()
    expect(boundOf({ kind: 'count' }, '3', 'to')).toBe(3)
    expect(boundOf({ kind: 'count' }, '-3', 'to')).toBeNull()
  })
})

describe('a view as a service reads it', () => {
  const api = (search: string, collection: CatalogueCollection = locations) =>
    readApiView(new URLSearchParams(search), collection)
  const refused = (search: string, collection?: CatalogueCollection) => {
    const read = api(search, collection)
    return read.ok ? null : read.parameter
  }

  it('reads no view from the specification’s parameters, unknown names or empty bounds', () => {
    expect(api('name=earth&page=2')).toEqual({ ok: true, view: null })
    expect(api('foo__exact=x&name__gte=a&_col=name&residents__gte=&_other=1')).toEqual({
      ok: true,
      view: null,
    })
  })

  it('reads a sort, facet values, ranges and the facets to count, writing them back in one order', () => {
    const read = api('_facet=dimension&residents__gte=3&type__exact=Planet&_facet=type&_sort_desc=residents')
    if (!read.ok || !read.view) throw new Error('expected a view')
    expect(read.view.counted).toEqual(['type', 'dimension'])
    expect(read.view.facetSize).toBe(30)
    expect(encodeParameters(apiViewParameters(read.view, locations))).toBe(
      '_sort_desc=residents&type__exact=Planet&residents__gte=3&_facet=type&_facet=dimension',
    )
    const sized = api('_facet=season&_facet_size=1000', episodes)
    expect(sized.ok && sized.view && encodeParameters(apiViewParameters(sized.view, episodes))).toBe(
      '_facet=season&_facet_size=1000',
    )
  })

  it.each([
    ['_sort=nope', '_sort'],
    ['_sort=', '_sort'],
    ['_sort=name&_sort_desc=id', '_sort'],
    ['_sort_desc=name&_sort_desc=id', '_sort_desc'],
    ['residents__gte=abc', 'residents__gte'],
    ['created__lte=2015-13', 'created__lte'],
    ['residents__lte=1&residents__lte=2', 'residents__lte'],
    ['_facet=colour', '_facet'],
    ['_facet=type&_facet_size=0', '_facet_size'],
    ['_facet=type&_facet_size=1001', '_facet_size'],
    [Array.from({ length: 51 }, (_, index) => `type__exact=T${index}`).join('&'), 'type__exact'],
    [`dimension__exact=${'x'.repeat(201)}`, 'dimension__exact'],
  ])('refuses %s, naming %s', (search, parameter) => {
    expect(refused(search)).toBe(parameter)
  })

  it('says what each refused parameter allows, in a sentence', () => {
    expect(api('_sort=nope')).toMatchObject({
      error:
        'The parameter "_sort" must name a column of locations: id, name, type, dimension, residents, created.',
    })
    expect(api('residents__gte=abc')).toMatchObject({
      error: 'The parameter "residents__gte" must be a whole number of at most 9 digits, such as 3.',
    })
  })
})
