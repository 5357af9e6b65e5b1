import { compareFacetValues } from '../../src/catalogue/views/engine'
import type { FacetCounts } from '../../src/catalogue/views/view'
import type { ViewQuery } from './source'

/** How many records of a collection hold one value of a facet. */
export interface FacetTally {
  value: string
  count: number
}

/**
 * Whether a facet's counts under a view are the whole collection's: no filter, no search, no range, and no value of
 * another facet chosen (a facet is counted under every other choice, never its own). Such counts depend on no
 * request, so each store makes them once per catalogue version and answers them at once, whatever the size.
 */
export function countsWholeCollection(
  query: Pick<ViewQuery, 'filters' | 'search' | 'view'>,
  facet: string,
): boolean {
  if (query.filters.length > 0 || query.search !== null) return false
  if (Object.values(query.view.ranges).some((bounds) => bounds.from !== null || bounds.to !== null))
    return false
  return Object.entries(query.view.facets).every(([name, chosen]) => name === facet || chosen.length === 0)
}

/**
 * A facet's counts as an answer lists them: each value held, the chosen ones marked, and a chosen value no
 * record holds at 0, most frequent first.
 */
export function facetCountsOf(
  facet: { name: string; label: string },
  tallies: readonly FacetTally[],
  chosen: readonly string[],
): FacetCounts {
  const wanted = new Set(chosen)
  const values = tallies.map(({ value, count }) => ({ value, count, chosen: wanted.has(value) }))
  for (const value of wanted)
    if (!values.some((entry) => entry.value === value)) values.push({ value, count: 0, chosen: true })
  return { name: facet.name, label: facet.label, values: values.sort(compareFacetValues) }
}
