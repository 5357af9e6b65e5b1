import { describe, expect, it } from 'vitest'
import { episodes, locations } from '../catalogue'
import { boundOf, readDataViewUrl } from '../catalogue/views/parameters'
import { exactValuePath, rangePath } from './view-link'

describe('exactValuePath', () => {
  it("writes a facet's exact value in the list's address, as the list reads it back", () => {
    expect(exactValuePath(locations, 'type', 'Space station')).toBe('/locations?type__exact=Space+station')
    expect(exactValuePath(locations, 'dimension', 'Dimension C-137')).toBe(
      '/locations?dimension__exact=Dimension+C-137',
    )
    expect(exactValuePath(episodes, 'season', 'S02')).toBe('/episodes?season__exact=S02')
    for (const value of ['Planet', 'planet', ' Planet ', 'Café & co', '']) {
      const path = exactValuePath(locations, 'type', value)
      const read = readDataViewUrl(new URL(path, 'http://x').searchParams, locations)
      expect(read.facets, JSON.stringify(value)).toEqual({ type: [value] })
    }
  })

  it('writes an empty value as a value of its own', () => {
    expect(exactValuePath(locations, 'type', '')).toBe('/locations?type__exact=')
  })

  it('refuses a facet the list does not declare', () => {
    expect(() => exactValuePath(locations, 'name', 'x')).toThrow('/locations has no facet named name')
  })
})

describe('rangePath', () => {
  it("writes a ranged column's two ends, as the list reads them back", () => {
    const path = rangePath(episodes, 'air_date', '2015', '2015')
    expect(path).toBe('/episodes?air_date__gte=2015&air_date__lte=2015')
    const read = readDataViewUrl(new URL(path, 'http://x').searchParams, episodes)
    expect(read.ranges).toEqual({ air_date: { from: '2015', to: '2015' } })
    const column = { kind: 'airDate' } as const
    expect(boundOf(column, '2015', 'from')).toBe(Date.UTC(2015, 0, 1))
    expect(boundOf(column, '2015', 'to')).toBe(Date.UTC(2016, 0, 1) - 1)
  })

  it('refuses a column without a range', () => {
    expect(() => rangePath(episodes, 'name', 'a', 'b')).toThrow('/episodes has no range on name')
  })
})
