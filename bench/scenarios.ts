import { readFileSync } from 'node:fs'
import { seededRandom } from '../server/data/seeded-random'
import type { DatasetLocation } from '../src/catalogue'
import {
  foldCase,
  formatIdList,
  locations as LOCATIONS,
  type LocationFilter,
  normaliseFilterValue,
  pageCount,
} from '../src/catalogue'

/** The location fields the benchmark reads from a dataset file (contract section 9). */
type BenchLocation = Pick<DatasetLocation, 'id' | 'name' | 'type' | 'dimension'>

export type ScenarioId = 'a' | 'b' | 'c'

export interface Scenario {
  id: ScenarioId
  label: string
  /** Request paths, used in turn by all connections together. */
  paths: string[]
  /** For filtered lists: the `count` the service must report for each path (checked on a sample). */
  expectedCounts?: number[]
}

export interface FilteredListStats {
  distinctValues: number
  distinctPaths: number
  withPage: number
  twoFilters: number
  empty: number
}

const LIST_PATH = LOCATIONS.listPath
/** Scenario (b) asks for filtered lists with at least this many distinct filter values. */
export const MIN_DISTINCT_FILTER_VALUES = 1000
/** Distinct requests in each of the two sets: the one measured again and again, and the once-through one. */
const FILTERED_PATHS = 1500

export function readLocations(datasetPath: string): BenchLocation[] {
  const file = JSON.parse(readFileSync(datasetPath, 'utf8')) as { locations: BenchLocation[] }
  return [...file.locations].sort((a, b) => a.id - b.id)
}

/** (a) page 1 of the locations list, no filter. */
export function firstPageScenario(): Scenario {
  return { id: 'a', label: 'page 1 of the locations list', paths: [LIST_PATH] }
}

/** (c) 20 ids spread evenly over the dataset, as one request. */
export function twentyIdsScenario(locations: readonly BenchLocation[]): Scenario {
  const ids: number[] = []
  for (let index = 0; index < 20; index++) {
    ids.push((locations[Math.floor(((index + 0.5) * locations.length) / 20)] as DatasetLocation).id)
  }
  return {
    id: 'c',
    label: '20 ids in one request',
    paths: [`${LOCATIONS.itemPath}/${formatIdList(ids)}`],
  }
}

/**
 * (b) filtered lists: at least 1,000 distinct filter values drawn from the dataset's own words (whole words,
 * fragments of words, two-word phrases, some in other letter case), on name, type and dimension; some combine
 * a name and a type of one record; a few match nothing (an empty list is an answer too); about a third of
 * those with more than one page ask for a later page that exists. Deterministic for a given dataset.
 *
 * Two disjoint sets of requests: `steady`, driven for the timed runs (after the first pass every answer is in
 * the service's caches), and `uncached`, sent once each to a warmed-up process, to show the cost of the work
 * the caches save.
 */
export function filteredListsScenarios(locations: readonly BenchLocation[]): {
  steady: Scenario
  uncached: Scenario
  stats: FilteredListStats
} {
  const random = seededRandom(20131202)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const candidates = filterValueCandidates(locations)
  const folded = LOCATIONS.filters.map((field) => locations.map((record) => foldCase(record[field])))
  const count = (filters: [LocationFilter, string][]) => {
    const applied = filters.map(([field, value]) => ({
      column: folded[LOCATIONS.filters.indexOf(field)] as string[],
      needle: foldCase(normaliseFilterValue(value)),
    }))
    let matches = 0
    for (let position = 0; position < locations.length; position++) {
      if (applied.every(({ column, needle }) => (column[position] as string).includes(needle))) matches++
    }
    return matches
  }

  const paths: string[] = []
  const expectedCounts: number[] = []
  const seen = new Set<string>()
  /** The filter values of each path. */
  const values: string[][] = []
  const wanted = FILTERED_PATHS * 2
  for (let attempt = 0; paths.length < wanted && attempt < wanted * 20; attempt++) {
    const roll = random()
    const field: LocationFilter = roll < 0.6 ? 'name' : roll < 0.8 ? 'type' : 'dimension'
    let value = pick(candidates[field])
    if (random() < 0.15) value = random() < 0.5 ? value.toUpperCase() : value.toLowerCase()
    const filters: [LocationFilter, string][] = [[field, value]]
    if (field === 'name' && random() < 0.2) {
      const record = pick(locations)
      filters[0] = ['name', pick(record.name.split(/\s+/).filter((word) => word !== ''))]
      if (record.type !== '') filters.push(['type', record.type.slice(0, 3 + Math.floor(random() * 4))])
    } else if (random() < 0.03) filters[0] = [field, `${value}qz`]
    const matches = count(filters)
    const pages = pageCount(matches)
    const page = pages > 1 && random() < 0.35 ? 2 + Math.floor(random() * (pages - 1)) : 1
    const query = filters.map(([name, text]) => `${name}=${encodeURIComponent(text)}`)
    if (page > 1) query.splice(Math.floor(random() * (query.length + 1)), 0, `page=${page}`)
    const path = `${LIST_PATH}?${query.join('&')}`
    if (seen.has(path)) continue
    seen.add(path)
    paths.push(path)
    expectedCounts.push(matches)
    values.push(filters.map(([, text]) => text))
  }
  // Shuffled, so that similar requests do not come in runs and both sets get a like mix.
  const order = shuffledIndices(paths.length, random)
  const reorder = <T>(items: readonly T[]): T[] => order.map((index) => items[index] as T)
  const half = Math.floor(paths.length / 2)
  const [shuffledPaths, counts, valueSets] = [reorder(paths), reorder(expectedCounts), reorder(values)]
  const steadyValues = new Set(valueSets.slice(0, half).flat())
  if (steadyValues.size < MIN_DISTINCT_FILTER_VALUES) {
    throw new Error(
      `Only ${steadyValues.size} distinct filter values could be drawn from the dataset; scenario (b) needs ${MIN_DISTINCT_FILTER_VALUES}.`,
    )
  }
  const steadyPaths = shuffledPaths.slice(0, half)
  const stats: FilteredListStats = {
    distinctValues: steadyValues.size,
    distinctPaths: steadyPaths.length,
    withPage: steadyPaths.filter((path) => /[?&]page=/.test(path)).length,
    twoFilters: valueSets.slice(0, half).filter((set) => set.length > 1).length,
    empty: counts.slice(0, half).filter((matches) => matches === 0).length,
  }
  return {
    steady: { id: 'b', label: 'filtered lists', paths: steadyPaths, expectedCounts: counts.slice(0, half) },
    uncached: {
      id: 'b',
      label: 'filtered lists, uncached',
      paths: shuffledPaths.slice(half),
      expectedCounts: counts.slice(half),
    },
    stats,
  }
}

/** For each filter field, text a person might type: words of the field, fragments of them, and word pairs. */
function filterValueCandidates(locations: readonly BenchLocation[]): Record<LocationFilter, string[]> {
  const result = {} as Record<LocationFilter, string[]>
  for (const field of LOCATIONS.filters) {
    const found = new Set<string>()
    for (const record of locations) {
      const words = record[field].split(/\s+/).filter((word) => word !== '')
      for (let index = 0; index < words.length; index++) {
        const word = words[index] as string
        found.add(word)
        if (index + 1 < words.length) found.add(`${word} ${words[index + 1]}`)
        for (let start = 0; start + 3 <= word.length; start++) found.add(word.slice(start, start + 3))
        if (word.length > 4) found.add(word.slice(0, 4))
      }
    }
    result[field] = [...found].sort()
  }
  return result
}

function shuffledIndices(length: number, random: () => number): number[] {
  const indices = Array.from({ length }, (_, index) => index)
  for (let index = length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    ;[indices[index], indices[other]] = [indices[other] as number, indices[index] as number]
  }
  return indices
}
