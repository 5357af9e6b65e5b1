import { describe, expect, it } from 'vitest'
import {
  charactersByEpisodeCount,
  countBy,
  distribution,
  episodesPerSeason,
  episodesPerYear,
  locationsByDimension,
  locationsByType,
  residentsPerLocation,
} from './aggregate'

const episode = (code: string, air_date = 'May 1, 2014', characters: string[] = []) => ({
  episode: code,
  air_date,
  characters,
})
const location = (type: string, residents: string[] = [], dimension = 'D') => ({ type, dimension, residents })

describe('insights aggregations', () => {
  it('counts episodes per season in season order, linking each season (none too) to exactly its episodes', () => {
    const bars = episodesPerSeason([
      episode('S10E01'),
      episode('S02E01'),
      episode('S02E07'),
      episode('pilot'),
    ])
    expect(bars).toEqual([
      { label: 'S02', value: 2, href: '/episodes?season__exact=S02' },
      { label: 'S10', value: 1, href: '/episodes?season__exact=S10' },
      { label: '(none)', value: 1, href: '/episodes?season__exact=' },
    ])
  })

  it('counts episodes per air-date year, with the years between and unreadable dates; a year opens its episodes', () => {
    const bars = episodesPerYear([
      episode('S01E01', 'December 2, 2013'),
      episode('S01E02', 'March 3, 2015'),
      episode('S01E03', 'someday'),
    ])
    expect(bars).toEqual([
      { label: '2013', value: 1, href: '/episodes?air_date__gte=2013&air_date__lte=2013' },
      { label: '2014', value: 0 },
      { label: '2015', value: 1, href: '/episodes?air_date__gte=2015&air_date__lte=2015' },
      { label: 'Unknown date', value: 1 },
    ])
  })

  it('keeps the commonest values and counts the rest as "other", which links nowhere; an empty value is a value', () => {
    const records = ['a', 'b', 'b', 'c', 'c', 'c', '', 'd']
    const bars = countBy(
      records,
      (value) => value,
      (value) => `/x?v=${value}`,
      3,
    )
    expect(bars).toEqual([
      { label: 'c', value: 3, href: '/x?v=c' },
      { label: 'b', value: 2, href: '/x?v=b' },
      { label: '(none)', value: 1, href: '/x?v=' },
      { label: 'Other', value: 2 },
    ])
    expect(bars.reduce((total, bar) => total + bar.value, 0)).toBe(records.length)
  })

  it('links a type to the list of exactly that type, the value encoded', () => {
    expect(locationsByType([location('Space station')])[0]?.href).toBe('/locations?type__exact=Space+station')
    expect(locationsByDimension([location('P', [], 'Dimension C-137')])[0]?.href).toBe(
      '/locations?dimension__exact=Dimension+C-137',
    )
  })

  it('counts values exactly as written, as the facet that its bar opens counts them', () => {
    const bars = locationsByType([location('Planet'), location('Planet'), location('planet'), location('')])
    expect(bars).toEqual([
      { label: 'Planet', value: 2, href: '/locations?type__exact=Planet' },
      { label: '(none)', value: 1, href: '/locations?type__exact=' },
      { label: 'planet', value: 1, href: '/locations?type__exact=planet' },
    ])
  })

  it('bins locations by distinct residents and characters by the episodes they appear in', () => {
    const residents = residentsPerLocation([
      location('P'),
      location('P', ['1', '1']),
      location('P', ['1', '2', '3']),
    ])
    expect(residents.map((bar) => [bar.label, bar.value])).toEqual([
      ['0', 1],
      ['1', 1],
      ['2', 0],
      ['3–5', 1],
      ['6–10', 0],
      ['11–20', 0],
      ['21 or more', 0],
    ])
    const [a, b] = ['https://x.test/v1/characters/1', 'https://x.test/v1/characters/2']
    const characters = charactersByEpisodeCount([
      episode('S01E01', '', [a, b, b]),
      episode('S01E02', '', [a]),
    ])
    expect(characters.slice(0, 3)).toEqual([
      { label: '0', value: 0 },
      { label: '1', value: 1 },
      { label: '2', value: 1 },
    ])
  })

  it('counts a character once however its address is spelled, as the characters list does', () => {
    const characters = charactersByEpisodeCount([
      episode('S01E01', '', ['https://x.test/v1/characters/7']),
      episode('S01E02', '', ['/v1/characters/007/']),
      episode('S01E03', '', ['not a character']),
    ])
    expect(characters.slice(1, 3)).toEqual([
      { label: '1', value: 0 },
      { label: '2', value: 1 },
    ])
  })

  it('groups a long run of seasons into spans of whole seasons, each opening exactly its seasons’ episodes', () => {
    const many = Array.from({ length: 99 * 3 }, (_, index) =>
      episode(`S${String(Math.floor(index / 3) + 1).padStart(2, '0')}E0${(index % 3) + 1}`),
    )
    const bars = episodesPerSeason([...many, episode('pilot')])
    expect(bars.length).toBeLessThanOrEqual(21)
    expect(bars[0]).toEqual({
      label: 'S01–S05',
      value: 15,
      href: '/episodes?season__exact=S01&season__exact=S02&season__exact=S03&season__exact=S04&season__exact=S05',
    })
    expect(bars.at(-2)).toMatchObject({ label: 'S96–S99', value: 12 })
    expect(bars.at(-1)).toEqual({ label: '(none)', value: 1, href: '/episodes?season__exact=' })
    expect(bars.reduce((total, bar) => total + bar.value, 0)).toBe(many.length + 1)
  })

  it('groups a long run of years into spans of whole years, each opening the episodes aired in it', () => {
    const years = Array.from({ length: 50 }, (_, index) => episode('S01E01', `May 1, ${1976 + index}`))
    const bars = episodesPerYear(years)
    expect(bars.length).toBeLessThanOrEqual(21)
    expect(bars[0]).toEqual({
      label: '1975–1979',
      value: 4,
      href: '/episodes?air_date__gte=1975&air_date__lte=1979',
    })
    expect(bars.at(-1)).toMatchObject({ label: '2025–2029', value: 1 })
    expect(bars.reduce((total, bar) => total + bar.value, 0)).toBe(50)
  })

  it('counts every character the catalogue names: those only a location names appear in 0 episodes', () => {
    const [a, b, c] = [1, 2, 3].map((id) => `https://x.test/v1/characters/${id}`) as [string, string, string]
    const bars = charactersByEpisodeCount(
      [episode('S01E01', '', [a])],
      [location('P', [a, b]), location('P', [c, c])],
    )
    expect(bars.slice(0, 2)).toEqual([
      { label: '0', value: 2 },
      { label: '1', value: 1 },
    ])
    expect(bars.reduce((total, bar) => total + bar.value, 0)).toBe(3)
  })

  it('bins counts as far as they reach: up to "21 or more" at least, further for hundreds', () => {
    expect(distribution([0, 3]).map((bar) => bar.label)).toEqual([
      '0',
      '1',
      '2',
      '3–5',
      '6–10',
      '11–20',
      '21 or more',
    ])
    const many = distribution([1, 40, 150, 700])
    expect(many.map((bar) => bar.label).slice(5)).toEqual([
      '11–20',
      '21–50',
      '51–100',
      '101–200',
      '201–500',
      '501 or more',
    ])
    expect(many.reduce((total, bar) => total + bar.value, 0)).toBe(4)
  })

  it('counts the residents of a million locations (no argument list as long as the catalogue)', () => {
    const many = Array.from({ length: 1_000_000 }, (_, index) => location('P', index % 7 === 0 ? [] : ['1']))
    const bars = residentsPerLocation(many)
    expect(bars.reduce((total, bar) => total + bar.value, 0)).toBe(1_000_000)
  })
})
