import {
  type ApiRecord,
  type CollectionView,
  type Filters,
  formatIdList,
  normaliseFilterValue,
} from '../catalogue'

type Listed<R extends ApiRecord, F extends string> = Pick<CollectionView<R, F>, 'listPath' | 'filters'>

/** The address of a list page, exactly as the client asks for it (page 1 and empty filters left out). */
export function listRequestPath<R extends ApiRecord, F extends string>(
  collection: Listed<R, F>,
  filters: Filters<F>,
  page: number,
): string {
  const params = new URLSearchParams()
  if (page !== 1) params.set('page', String(page))
  for (const name of collection.filters) {
    const value = normaliseFilterValue(filters[name] ?? '')
    if (value) params.set(name, value)
  }
  return params.size > 0 ? `${collection.listPath}?${params}` : collection.listPath
}

/** The address of one record, or of several in one request. */
export function recordsRequestPath(
  collection: Pick<CollectionView, 'itemPath'>,
  ids: readonly number[],
): string {
  return `${collection.itemPath}/${formatIdList(ids)}`
}
