import { describe, expect, it } from 'vitest'
import type { ListView } from '../catalogue/views/view'
import { exportFileName } from './file-name'

const day = new Date(2026, 11, 7, 23, 59)
const view = (shown: Partial<Pick<ListView, 'facets' | 'ranges' | 'sort'>>) => ({
  facets: {},
  ranges: {},
  sort: null,
  ...shown,
})

describe('an export’s file name', () => {
  it('says the collection, the filters and the local date', () => {
    expect(exportFileName('locations', { type: 'Planet' }, null, 'csv', day)).toBe(
      'locations-type-planet-2026-12-07.csv',
    )
    expect(exportFileName('episodes', {}, null, 'json', day)).toBe('episodes-2026-12-07.json')
    expect(
      exportFileName('locations', { name: ' earth ', type: '', dimension: 'C-137' }, null, 'csv', day),
    ).toBe('locations-name-earth-dimension-c-137-2026-12-07.csv')
  })

  it('says the view: its facet values, its ranges and its sort, in that order, after the filters', () => {
    const filtered = view({
      facets: { type: ['Planet'], dimension: ['Fantasy Dimension'] },
      ranges: { residents: { from: 3, to: 5 } },
      sort: { field: 'residents', descending: true },
    })
    expect(exportFileName('locations', {}, filtered, 'csv', day)).toBe(
      'locations-type-planet-dimension-fantasy-dimension-residents-3-to-5-by-residents-desc-2026-12-07.csv',
    )
    const sorted = view({
      ranges: { residents: { from: 8, to: null } },
      sort: { field: 'name', descending: false },
    })
    expect(exportFileName('locations', { name: 'moon' }, sorted, 'json', day)).toBe(
      'locations-name-moon-residents-from-8-by-name-2026-12-07.json',
    )
  })

  it('joins a facet’s values with "or", names the empty value "none", and writes dates as days', () => {
    const either = view({ facets: { type: ['Planet', '', 'Space station'] } })
    expect(exportFileName('locations', {}, either, 'csv', day)).toBe(
      'locations-type-planet-or-none-or-space-station-2026-12-07.csv',
    )
    const aired = view({
      ranges: { air_date: { from: Date.UTC(2015, 0, 1), to: Date.UTC(2015, 11, 31, 23, 59, 59, 999) } },
      sort: { field: 'air_date', descending: false },
    })
    expect(exportFileName('episodes', {}, aired, 'csv', day)).toBe(
      'episodes-air-date-2015-01-01-to-2015-12-31-by-air-date-2026-12-07.csv',
    )
    const upTo = view({ ranges: { characters: { from: null, to: 12 } } })
    expect(exportFileName('episodes', {}, upTo, 'csv', day)).toBe(
      'episodes-characters-up-to-12-2026-12-07.csv',
    )
  })

  it('writes only a-z, 0-9 and "-": accents dropped, every other character a dash', () => {
    expect(exportFileName('locations', { name: 'Zürich / Nine*?' }, null, 'csv', day)).toBe(
      'locations-name-zurich-nine-2026-12-07.csv',
    )
    const accented = view({ facets: { dimension: ['Ñandú Straße', 'Łódź Æther'] } })
    expect(exportFileName('locations', {}, accented, 'csv', day)).toBe(
      'locations-dimension-nandu-strasse-or-lodz-aether-2026-12-07.csv',
    )
    expect(exportFileName('locations', { name: '../../etc/passwd' }, null, 'json', day)).toBe(
      'locations-name-etc-passwd-2026-12-07.json',
    )
    expect(exportFileName('locations', { name: '***' }, null, 'csv', day)).toBe('locations-2026-12-07.csv')
    expect(exportFileName('locations', { name: 'Земля' }, null, 'csv', day)).toBe('locations-2026-12-07.csv')
  })

  it('says at most 100 characters before the date, cut after a whole word', () => {
    const long = exportFileName(
      'locations',
      { name: 'word '.repeat(30) },
      view({ sort: { field: 'residents', descending: true } }),
      'csv',
      day,
    )
    const said = long.replace(/-2026-12-07\.csv$/, '')
    expect(said.length).toBeLessThanOrEqual(100)
    expect(said).toMatch(/^locations-name(-word)+$/)
    expect(said.length).toBeGreaterThan(95)
  })
})
