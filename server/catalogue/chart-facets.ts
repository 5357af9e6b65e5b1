import type { BinsFacetBody, DateFacetBody } from '../../src/catalogue/views/answer'
import type { ChartFacets } from '../../src/catalogue/views/parameters'
import type { ChartCounts } from './source'

/**
 * The insights' facets of a view's answer (contract §13), by column: each count column's bins and each date
 * column's periods, or, when they were not counted in time, none of them with `counted: false`.
 */
export function chartFacetsBody(
  charted: ChartFacets,
  charts: ChartCounts | undefined,
): Record<string, BinsFacetBody | DateFacetBody> {
  const body: Record<string, BinsFacetBody | DateFacetBody> = {}
  for (const field of charted.bins)
    body[field] = {
      bins: (charts?.bins[field] ?? []).map(({ bin: [from, to], count }) => ({ from, to, count })),
      counted: charts !== undefined,
    }
  for (const field of charted.dates)
    body[field] = {
      unit: charted.dateUnit,
      values: (charts?.dates[field] ?? []).map(([value, count]) => ({ value, count })),
      counted: charts !== undefined,
    }
  return body
}

/** A UTC time's period as `_facet_date_unit` names it: `2013` by year, `2013-12` by month. */
export function periodOf(time: number, unit: ChartFacets['dateUnit']): string {
  const date = new Date(time)
  const year = String(date.getUTCFullYear()).padStart(4, '0')
  return unit === 'year' ? year : `${year}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
}

/** Periods with their counts in order, the records without a date (`''`) last. */
export function periodsInOrder(counts: Map<string, number>): [string, number][] {
  return [...counts].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a < b ? -1 : a > b ? 1 : 0))
}
