import {
  type ApiRecord,
  appliedFilters,
  type CollectionView,
  type Filters,
  filterMatches,
  type ListPage,
  listPageAddress,
  PAGE_SIZE,
  pageCount,
  pageLinks,
} from '../../catalogue'

type Listed = Pick<CollectionView, 'listPath' | 'filters'>

/** The records of a list, in id order, that every applied filter matches (the contract's `filterMatches`). */
export function filterRecords<R extends ApiRecord>(
  collection: Listed,
  records: readonly R[],
  filters: Filters<string>,
): R[] {
  const applied = appliedFilters(collection.filters, filters)
  const matching = records.filter((record) => {
    const fields: Record<string, unknown> = record
    return applied.every(([name, value]) => filterMatches(String(fields[name] ?? ''), value))
  })
  return matching.sort((a, b) => a.id - b.id)
}

/**
 * One page of a list as the service would answer it: the same rows, count, pages and page addresses
 * (against `base`). A page beyond the last holds no rows, like the service's.
 */
export function listPageOf<R extends ApiRecord>(
  collection: Listed,
  records: readonly R[],
  filters: Filters<string>,
  page: number,
  base: string,
): ListPage<R> {
  const matching = filterRecords(collection, records, filters)
  const pages = pageCount(matching.length)
  const applied = appliedFilters(collection.filters, filters)
  const url = (target: number) => listPageAddress(base, collection, target, applied)
  return {
    info: { count: matching.length, pages, ...pageLinks(page, pages, url) },
    results: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
  }
}
