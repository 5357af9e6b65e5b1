import type { FacetCounts } from '../../catalogue/views/view'
import type { SearchHit } from './search'

/*
 * All results of a search as a list (`/search?q=planet&collection__exact=locations&_sort=name&page=2`): paged,
 * sortable by name or collection, faceted by collection (the characters are one too). The index worker answers
 * it from the complete index; the page renders its answer.
 */

/** The search list as its address reads it (src/catalogue/views/parameters.ts): its sortable columns and its facet. */
export const SEARCH_LIST = {
  appPath: '/search',
  columns: [
    { field: 'name', label: 'Name', kind: 'text' },
    { field: 'collection', label: 'Collection', kind: 'text' },
  ],
  facets: [{ name: 'collection', label: 'Collection' }],
} as const

export type SearchListSortField = (typeof SEARCH_LIST.columns)[number]['field']

export interface SearchListRequest {
  query: string
  /** The collections chosen (`locations`, `episodes`, `characters`); none: all of them. */
  collections: readonly string[]
  /** null: best first. */
  sort: { field: SearchListSortField; descending: boolean } | null
  page: number
}

/** A result as a row of the list: the hit, its rank among all results (1: best), its collection's title. */
export type SearchRow = SearchHit & { rank: number; collectionTitle: string }

export interface SearchListPage {
  /** How many results the list holds (under the chosen collections), in how many pages. */
  info: { count: number; pages: number }
  /** This page's results, in the list's order. */
  results: SearchRow[]
  /** The collection facet: every collection with results (and every chosen one), most results first. */
  facets: FacetCounts[]
  /** The page answered: the last one when the request asked for a page beyond it. */
  page: number
  /**
   * The names that match, answered while the search index loads (as the palette's first answer): the whole
   * search (types, dimensions, typos, characters) follows and may find more.
   */
  partial?: true
}
