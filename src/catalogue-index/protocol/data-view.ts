import type { ApiRecord, Filters, Info } from '../../catalogue'

/** A range on a column: its values from `from` to `to`, both included; null is an open end. */
export type Bounds = { from: number | null; to: number | null }

/**
 * A view of a list as the data tool answers it from the index: the service's "contains" filters, exact facet
 * values (several values of one facet: any of them; facets together: all), ranges on columns, and a sort.
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
  /** Every value present, and every chosen value even when none has it (count 0). */
  values: { value: string; count: number; chosen: boolean }[]
}

/** One page of a view: the rows in the view's order, how many match, and the facets' counts. */
export interface DataViewPage<R extends ApiRecord = ApiRecord> {
  info: Info
  results: R[]
  facets: FacetCounts[]
}
