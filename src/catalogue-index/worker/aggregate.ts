import {
  characterIdFromUrl,
  episodes as EPISODES,
  locations as LOCATIONS,
  parseAirDate,
  seasonCode,
} from '../../catalogue'
import { binLabel, type CountBin, countInBins } from '../../catalogue/count-bins'
import { exactValuePath, exactValuesPath, rangePath } from '../../lib/view-link'
import type { Bar, Insights } from '../protocol/insights'

export const NO_VALUE = '(none)'
export const OTHER = 'Other'
export const UNKNOWN_DATE = 'Unknown date'

type EpisodeLike = { episode: string; air_date: string; characters: readonly string[] }
type LocationLike = { type: string; dimension: string; residents: readonly string[] }

/** A chart of a long axis (seasons, years) shows at most this many bars: longer runs go in spans. */
export const MOST_BARS = 20
/** Span lengths, smallest first: the first that keeps a run within MOST_BARS bars is taken. */
const SPANS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]

/** How many of a run's steps go in one bar, so that `first` to `last` makes at most MOST_BARS bars. */
function spanFor(first: number, last: number): number {
  const fits = (span: number) => Math.floor(last / span) - Math.floor(first / span) + 1 <= MOST_BARS
  return SPANS.find(fits) ?? Math.ceil((last - first + 1) / MOST_BARS)
}

/**
 * Episodes per season (`S01E02` is season 1, as the season facet reads it), in season order, then those whose
 * code names no season ("(none)"); each bar opens the episodes of exactly that season. More than MOST_BARS
 * seasons go in spans of whole seasons ("S01–S05", each opening exactly those seasons' episodes).
 */
export function episodesPerSeason(episodes: readonly EpisodeLike[]): Bar[] {
  const counts = new Map<string, number>()
  for (const { episode } of episodes) {
    const season = seasonCode(episode)
    counts.set(season, (counts.get(season) ?? 0) + 1)
  }
  return seasonBars(counts)
}

/** The same bars from each season's count (`S01` → 12; `''` for codes naming no season), as its facet counts. */
export function seasonBars(seasonCounts: ReadonlyMap<string, number>): Bar[] {
  const counts = new Map(seasonCounts)
  const none = counts.get('')
  counts.delete('')
  const seasons = [...counts.keys()].map((code) => Number(code.slice(1))).sort((a, b) => a - b)
  const bars: Bar[] = []
  if (seasons.length > MOST_BARS) {
    // Spans of whole numbers of seasons from 1 (S01–S05, S06–S10), as a reader counts them.
    const span = spanFor((seasons[0] as number) - 1, (seasons.at(-1) as number) - 1)
    const spans = new Map<number, number[]>()
    for (const season of seasons) {
      const start = Math.floor((season - 1) / span) * span + 1
      spans.set(start, [...(spans.get(start) ?? []), season])
    }
    for (const [start, members] of spans) {
      const codes = members.map(seasonLabel)
      const end = Math.min(start + span - 1, seasons.at(-1) as number)
      bars.push({
        label: `${seasonLabel(start)}–${seasonLabel(end)}`,
        value: codes.reduce((total, code) => total + (counts.get(code) ?? 0), 0),
        href: exactValuesPath(EPISODES, 'season', codes),
      })
    }
  } else {
    for (const season of seasons) {
      const code = seasonLabel(season)
      bars.push({ label: code, value: counts.get(code) ?? 0, href: exactValuePath(EPISODES, 'season', code) })
    }
  }
  if (none !== undefined)
    bars.push({ label: NO_VALUE, value: none, href: exactValuePath(EPISODES, 'season', '') })
  return bars
}

/** `S05`, as the season facet writes a season. */
const seasonLabel = (season: number) => `S${String(season).padStart(2, '0')}`

/**
 * Episodes per year of their air date (UTC), every year from the first to the last (none: 0), each year with
 * episodes opening the list of those that aired in it; unreadable dates last, opening nothing. More than
 * MOST_BARS years go in spans of whole years aligned on the span ("1975–1979"), each opening the episodes
 * aired in it.
 */
export function episodesPerYear(episodes: readonly EpisodeLike[]): Bar[] {
  const counts = new Map<number, number>()
  let unknown = 0
  for (const { air_date } of episodes) {
    const date = parseAirDate(air_date)
    if (!date) unknown += 1
    else counts.set(date.getUTCFullYear(), (counts.get(date.getUTCFullYear()) ?? 0) + 1)
  }
  return yearBars(counts, unknown)
}

/** The same bars from each year's count and the number of unreadable dates, as the date facet counts them. */
export function yearBars(counts: ReadonlyMap<number, number>, unknown: number): Bar[] {
  const years = [...counts.keys()]
  const bars: Bar[] = []
  if (years.length > 0) {
    const [first, last] = [Math.min(...years), Math.max(...years)]
    const span = spanFor(first, last)
    for (let start = Math.floor(first / span) * span; start <= last; start += span) {
      const end = start + span - 1
      let value = 0
      for (let year = start; year <= end; year++) value += counts.get(year) ?? 0
      const label = span === 1 ? String(start) : `${start}–${end}`
      const href = rangePath(EPISODES, 'air_date', String(start), String(end))
      bars.push(value > 0 ? { label, value, href } : { label, value })
    }
  }
  if (unknown > 0) bars.push({ label: UNKNOWN_DATE, value: unknown })
  return bars
}

/**
 * How many records have each value of a text field, exactly as written (as its facet counts them), most first
 * (ties by value), the `top` commonest and the rest together as "Other". An empty value is a value too,
 * shown as "(none)". Each value's bar opens the list of exactly that value; "Other" opens nothing.
 */
export function countBy<T>(
  records: readonly T[],
  fieldOf: (record: T) => string,
  linkOf: (value: string) => string,
  top = 15,
): Bar[] {
  const counts = new Map<string, number>()
  for (const record of records) {
    const value = fieldOf(record)
    counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  const sorted = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
  const rest = sorted.slice(top).reduce((total, [, count]) => total + count, 0)
  return topBars(sorted.slice(0, top), rest, linkOf)
}

/** The same bars from the commonest values with their counts (as a facet lists them) and the rest's total. */
export function topBars(
  top: readonly (readonly [value: string, count: number])[],
  rest: number,
  linkOf: (value: string) => string,
): Bar[] {
  const bars: Bar[] = top.map(([value, count]) => ({
    label: value === '' ? NO_VALUE : value,
    value: count,
    href: linkOf(value),
  }))
  if (rest > 0) bars.push({ label: OTHER, value: rest })
  return bars
}

export const locationsByType = (locations: readonly LocationLike[]) =>
  countBy(
    locations,
    (location) => location.type,
    (value) => exactValuePath(LOCATIONS, 'type', value),
  )

export const locationsByDimension = (locations: readonly LocationLike[]) =>
  countBy(
    locations,
    (location) => location.dimension,
    (value) => exactValuePath(LOCATIONS, 'dimension', value),
  )

/** How many numbers fall into each bin, as bars. */
export function distribution(counts: readonly number[]): Bar[] {
  return binBars(countInBins(counts))
}

/** Bins of a count as bars (the service's `_facet_bins` answers the same bins). */
export const binBars = (bins: readonly { bin: CountBin; count: number }[]): Bar[] =>
  bins.map(({ bin, count }) => ({ label: binLabel(bin), value: count }))

/** Locations by their number of residents. */
export const residentsPerLocation = (locations: readonly LocationLike[]) =>
  distribution(locations.map((location) => new Set(location.residents).size))

/**
 * Characters by the number of episodes they appear in: every character the catalogue names (by the id its
 * address names, as the characters list reads them), those that only a location names at 0, so that the bars
 * add up to the characters list's count.
 */
export function charactersByEpisodeCount(
  episodes: readonly EpisodeLike[],
  locations: readonly LocationLike[] = [],
): Bar[] {
  const appearances = new Map<number, number>()
  for (const episode of episodes) {
    const ids = new Set(episode.characters.map(characterIdFromUrl))
    for (const id of ids) if (id !== null) appearances.set(id, (appearances.get(id) ?? 0) + 1)
  }
  for (const location of locations) {
    for (const id of location.residents.map(characterIdFromUrl))
      if (id !== null && !appearances.has(id)) appearances.set(id, 0)
  }
  return distribution([...appearances.values()])
}

export function computeInsights(
  episodes: readonly EpisodeLike[],
  locations: readonly LocationLike[],
): Insights {
  return {
    seasons: episodesPerSeason(episodes),
    years: episodesPerYear(episodes),
    types: locationsByType(locations),
    dimensions: locationsByDimension(locations),
    residents: residentsPerLocation(locations),
    characters: charactersByEpisodeCount(episodes, locations),
  }
}
