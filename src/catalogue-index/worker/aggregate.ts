import {
  characterIdFromUrl,
  episodes as EPISODES,
  locations as LOCATIONS,
  parseAirDate,
  seasonCode,
} from '../../catalogue'
import { exactValuePath, rangePath } from '../../lib/view-link'
import type { Bar, Insights } from '../protocol/insights'

export const NO_VALUE = '(none)'
export const OTHER = 'Other'
export const UNKNOWN_DATE = 'Unknown date'

type EpisodeLike = { episode: string; air_date: string; characters: readonly string[] }
type LocationLike = { type: string; dimension: string; residents: readonly string[] }

/**
 * Episodes per season (`S01E02` is season 1, as the season facet reads it), in season order, then those whose
 * code names no season ("(none)"); each bar opens the episodes of exactly that season.
 */
export function episodesPerSeason(episodes: readonly EpisodeLike[]): Bar[] {
  const counts = new Map<string, number>()
  for (const { episode } of episodes) {
    const season = seasonCode(episode)
    counts.set(season, (counts.get(season) ?? 0) + 1)
  }
  const order = (code: string) => (code === '' ? Number.POSITIVE_INFINITY : Number(code.slice(1)))
  return [...counts]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([season, value]) => ({
      label: season === '' ? NO_VALUE : season,
      value,
      href: exactValuePath(EPISODES, 'season', season),
    }))
}

/**
 * Episodes per year of their air date (UTC), every year from the first to the last (none: 0), each year with
 * episodes opening the list of those that aired in it; unreadable dates last, opening nothing.
 */
export function episodesPerYear(episodes: readonly EpisodeLike[]): Bar[] {
  const counts = new Map<number, number>()
  let unknown = 0
  for (const { air_date } of episodes) {
    const date = parseAirDate(air_date)
    if (!date) unknown += 1
    else counts.set(date.getUTCFullYear(), (counts.get(date.getUTCFullYear()) ?? 0) + 1)
  }
  const years = [...counts.keys()]
  const bars: Bar[] = []
  if (years.length > 0) {
    for (let year = Math.min(...years); year <= Math.max(...years); year += 1) {
      const value = counts.get(year) ?? 0
      const href = rangePath(EPISODES, 'air_date', String(year), String(year))
      bars.push(value > 0 ? { label: String(year), value, href } : { label: String(year), value })
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
  const bars: Bar[] = sorted
    .slice(0, top)
    .map(([value, count]) => ({ label: value === '' ? NO_VALUE : value, value: count, href: linkOf(value) }))
  const rest = sorted.slice(top).reduce((total, [, count]) => total + count, 0)
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

/** Ranges of a count: `[low, high]`, high null for "and more". */
export const COUNT_BINS: readonly (readonly [number, number | null])[] = [
  [0, 0],
  [1, 1],
  [2, 2],
  [3, 5],
  [6, 10],
  [11, 20],
  [21, null],
]

export function binLabel([low, high]: readonly [number, number | null]): string {
  if (high === null) return `${low} or more`
  return low === high ? String(low) : `${low}–${high}`
}

/** How many numbers fall into each bin. */
export function distribution(counts: readonly number[], bins = COUNT_BINS): Bar[] {
  return bins.map((bin) => ({
    label: binLabel(bin),
    value: counts.filter((count) => count >= bin[0] && (bin[1] === null || count <= bin[1])).length,
  }))
}

/** Locations by their number of residents. */
export const residentsPerLocation = (locations: readonly LocationLike[]) =>
  distribution(locations.map((location) => new Set(location.residents).size))

/**
 * Characters (each one that appears in some episode, by the id its address names, as the characters list reads
 * them) by the number of episodes they appear in.
 */
export function charactersByEpisodeCount(episodes: readonly EpisodeLike[]): Bar[] {
  const appearances = new Map<number, number>()
  for (const episode of episodes) {
    const ids = new Set(episode.characters.map(characterIdFromUrl))
    for (const id of ids) if (id !== null) appearances.set(id, (appearances.get(id) ?? 0) + 1)
  }
  return distribution([...appearances.values()], COUNT_BINS.slice(1))
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
    characters: charactersByEpisodeCount(episodes),
  }
}
