import type { DatasetRecord } from '../../src/catalogue'
import type { SearchGroupName } from '../../src/catalogue/search/parameters'

/** One result of a search (contract §13) as a store finds it: a record, a value with its count, a character. */
export type FoundResult =
  | { group: 'locations' | 'episodes'; record: DatasetRecord }
  | { group: 'values'; of: string; field: string; value: string; count: number }
  | { group: 'characters'; id: number }

export interface FoundPage {
  /** How many results the ranked list holds (narrowed to the groups asked for). */
  count: number
  /** How many of them each group holds (not narrowed), for `_facet=collection`. */
  counts: Partial<Record<SearchGroupName, number>>
  results: FoundResult[]
}

export interface FoundGroup {
  group: SearchGroupName
  total: number
  results: FoundResult[]
}

/**
 * A catalogue's search, as a store answers it (contract §13): the ranked list's results from `start` to `end`
 * (narrowed to `groups`, none: all), or each group's best `limit` results with its total.
 */
export interface SearchSource {
  page(query: string, groups: readonly SearchGroupName[], start: number, end: number): Promise<FoundPage>
  groups(query: string, limit: number): Promise<FoundGroup[]>
}
