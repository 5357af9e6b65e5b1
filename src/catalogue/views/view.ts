import type { ApiRecord, Column, Filters, Info } from '../collection'
import { boundOf, type DataViewUrlState } from './parameters'

/** A range on a column: its values from `from` to `to`, both included; null is an open end. */
export type Bounds = { from: number | null; to: number | null }

/**
 * A view of a list as the engine answers it: the service's "contains" filters, exact facet values (several
 * values of one facet: any of them; facets together: all), ranges on columns, and a sort.
 */
export interface ListView {
  filters: Filters<string>
  /** Facet name → the values chosen. */
  facets: { readonly [facet: string]: readonly string[] }
  /** Column field → its bounds (numbers; dates as UTC milliseconds). */
  ranges: { readonly [field: string]: Bounds }
  sort: { field: string; descending: boolean } | null
}

/** One facet's values under every other active choice, most frequent first, each with its exact count. */
export interface FacetCounts {
  name: string
  label: string
  /**
   * Every value present, and every chosen value even when none has it (count 0); a service lists the most
   * frequent (`truncated`), and when it could not count in time, the chosen values with no count (null).
   */
  values: { value: string; count: number | null; chosen: boolean }[]
  /** False: not counted in time (a service's answer); the values are the chosen ones. */
  counted?: boolean
  /** Some values are not listed (a service lists the most frequent). */
  truncated?: boolean
}

/** One page of a view: the rows in the view's order, how many match, and the facets' counts. */
export interface DataViewPage<R extends { readonly id: number } = ApiRecord> {
  info: Info
  results: R[]
  facets: FacetCounts[]
}

type RangedColumn = Pick<Column<never>, 'field' | 'kind' | 'range'>

/** The view the engine answers: the service's filters, facet values, and ranges read as numbers. */
export function listViewOf(
  filters: Filters<string>,
  state: Pick<DataViewUrlState, 'sort' | 'facets' | 'ranges'>,
  columns: readonly RangedColumn[],
): ListView {
  const ranges: Record<string, Bounds> = {}
  for (const column of columns) {
    const text = state.ranges[column.field]
    if (!column.range || !text) continue
    const from = text.from === '' ? null : boundOf(column, text.from, 'from')
    const to = text.to === '' ? null : boundOf(column, text.to, 'to')
    if (from !== null || to !== null) ranges[column.field] = { from, to }
  }
  return { filters: { ...filters }, facets: state.facets, ranges, sort: state.sort }
}

/**
 * A view's state as an address writes it, from the view the engine is asked: the sort, the facet values, and
 * each range's ends written back (a count as its number, a date as the UTC day holding it, which means the
 * same bound: `__lte` takes the day's last moment, the last of the period first written).
 */
export function viewStateOf(
  view: Pick<ListView, 'sort' | 'facets' | 'ranges'>,
  columns: readonly RangedColumn[],
): Pick<DataViewUrlState, 'sort' | 'facets' | 'ranges'> {
  const ranges: DataViewUrlState['ranges'] = {}
  for (const column of columns) {
    const bounds = column.range ? view.ranges[column.field] : undefined
    if (!bounds) continue
    const text = (bound: number | null) =>
      bound === null
        ? ''
        : column.kind === 'count' || column.kind === 'id'
          ? String(bound)
          : new Date(bound).toISOString().slice(0, 10)
    ranges[column.field] = { from: text(bounds.from), to: text(bounds.to) }
  }
  const facets: Record<string, string[]> = {}
  for (const [name, values] of Object.entries(view.facets)) facets[name] = [...values]
  return { sort: view.sort, facets, ranges }
}
