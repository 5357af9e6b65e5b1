import { MAX_FILTER_LENGTH, parsePage } from '../../catalogue'
import { EMPTY_DATA_VIEW, readDataViewUrl, writeDataViewUrl } from '../../catalogue/views/parameters'
import {
  SEARCH_LIST,
  type SearchListRequest,
  type SearchListSortField,
} from '../../catalogue-index/protocol/search-list'

/**
 * The address of all the results of a search: `/search?q=planet&collection__exact=locations&_sort=name&page=2`.
 * `q` is the query as typed; the collection facet and the sort are written as a list's (src/catalogue/views/parameters.ts).
 */
export type SearchListUrl = SearchListRequest

const FACET = SEARCH_LIST.facets[0].name
const sortFields = new Set<string>(SEARCH_LIST.columns.map((column) => column.field))
const isSortField = (field: string): field is SearchListSortField => sortFields.has(field)

/** Reads a search list's address; what cannot be read is left out (page 1, best first, every collection). */
export function readSearchListUrl(params: URLSearchParams): SearchListUrl {
  const view = readDataViewUrl(params, SEARCH_LIST)
  const sort =
    view.sort && isSortField(view.sort.field)
      ? { field: view.sort.field, descending: view.sort.descending }
      : null
  return {
    query: (params.get('q') ?? '').slice(0, MAX_FILTER_LENGTH),
    collections: view.facets[FACET] ?? [],
    sort,
    page: parsePage(params.get('page') ?? '') ?? 1,
  }
}

/** The search string of a search list, in its one form: `?q=…`, the collections, the sort, then the page. */
export function searchListSearch(state: SearchListUrl): string {
  const params = new URLSearchParams()
  if (state.query !== '') params.set('q', state.query)
  writeDataViewUrl(
    {
      ...EMPTY_DATA_VIEW,
      sort: state.sort,
      facets: state.collections.length > 0 ? { [FACET]: [...state.collections] } : {},
    },
    SEARCH_LIST,
    params,
  )
  if (state.page > 1) params.set('page', String(state.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Where the palette's "Show all" leads: every result of the query. */
export function searchListPath(query: string): string {
  return `${SEARCH_LIST.appPath}${searchListSearch({ query: query.trim(), collections: [], sort: null, page: 1 })}`
}
