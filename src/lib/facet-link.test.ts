import { describe, expect, it } from 'vitest'
import { episodes, locations } from '../catalogue'
import { readDataViewUrl } from './data-view-url'
import { exactValuePath } from './facet-link'

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
