import { PAGE_SIZE, pageCount } from '../../catalogue'
import { SORT_COLLATOR } from '../../catalogue/columns'
import type { FacetCounts } from '../../catalogue/views/view'
import type { SearchHit } from '../protocol/search'
import {
  SEARCH_LIST,
  type SearchListPage,
  type SearchListRequest,
  type SearchRow,
} from '../protocol/search-list'

/**
 * One page of all the results of a search (`hits`, best first, as searchAll gives them): narrowed to the
 * chosen collections, sorted (text by the collator every reader shares, empty values last either way, ties
 * by rank), paged by PAGE_SIZE, with the collection facet's counts over every result.
 */
export function searchListPage(
  hits: readonly SearchHit[],
  request: Omit<SearchListRequest, 'query'>,
  titleOf: (collection: string) => string,
): SearchListPage {
  const rows: SearchRow[] = hits.map((hit, index) => ({
    ...hit,
    rank: index + 1,
    collectionTitle: titleOf(hit.collection),
  }))
  const chosen = new Set(request.collections)
  const kept = chosen.size === 0 ? rows : rows.filter((row) => chosen.has(row.collection))
  const { sort } = request
  if (sort) {
    const sortValue = (row: SearchRow) => (sort.field === 'name' ? row.name : row.collectionTitle)
    const direction = sort.descending ? -1 : 1
    kept.sort((a, b) => {
      const [x, y] = [sortValue(a), sortValue(b)]
      if (x === '' || y === '') return (x === '' ? 1 : 0) - (y === '' ? 1 : 0) || a.rank - b.rank
      return direction * SORT_COLLATOR.compare(x, y) || a.rank - b.rank
    })
  }
  const pages = pageCount(kept.length)
  const page = Math.min(Math.max(1, request.page), Math.max(1, pages))
  const results = kept.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
  return {
    info: { count: kept.length, pages },
    results,
    facets: [collectionFacet(rows, chosen)],
    page,
  }
}

function collectionFacet(rows: readonly SearchRow[], chosen: ReadonlySet<string>): FacetCounts {
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.collection, (counts.get(row.collection) ?? 0) + 1)
  for (const value of chosen) if (!counts.has(value)) counts.set(value, 0)
  const [facet] = SEARCH_LIST.facets
  return {
    name: facet.name,
    label: facet.label,
    values: [...counts]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([value, count]) => ({ value, count, chosen: chosen.has(value) })),
  }
}
