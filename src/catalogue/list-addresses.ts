import type { CollectionView, Filters } from './collection'
import { normaliseFilterValue } from './filters.ts'

/** A filter that applies to a list: its name and its value, trimmed. */
export type AppliedFilter<F extends string = string> = readonly [name: F, value: string]

/**
 * The filters that apply to a list (contract §4, §5): those with a value once trimmed, trimmed, in the
 * collection's order. The service applies these, the client asks for these, the index answers these.
 */
export function appliedFilters<F extends string>(
  names: readonly F[],
  filters: Filters<F>,
): AppliedFilter<F>[] {
  const applied: AppliedFilter<F>[] = []
  for (const name of names) {
    const value = normaliseFilterValue(filters[name] ?? '')
    if (value !== '') applied.push([name, value])
  }
  return applied
}

/** The filters that apply, as an object (a request's filters, a query key's). */
export function appliedFilterValues<F extends string>(names: readonly F[], filters: Filters<F>): Filters<F> {
  const values: Filters<F> = {}
  for (const [name, value] of appliedFilters(names, filters)) values[name] = value
  return values
}

type Listed<F extends string> = Pick<CollectionView<never, F>, 'listPath' | 'filters'>

/**
 * The address of a page of a list, as `next` and `prev` hold it (contract §4): the public base and the list
 * path, `page` first, then the filters that apply, then the data tool's view (its parameters as
 * `writeDataViewUrl` writes them, in that order), every name and value percent-encoded so that any value
 * survives the round trip.
 */
export function listPageAddress(
  base: string,
  collection: Pick<CollectionView<never, string>, 'listPath'>,
  page: number,
  applied: readonly AppliedFilter[],
  view?: Iterable<readonly [string, string]>,
): string {
  let address = `${base}${collection.listPath}?page=${page}`
  for (const [name, value] of [...applied, ...(view ?? [])])
    address += `&${encodeURIComponent(name)}=${encodeURIComponent(value)}`
  return address
}

/**
 * The path and query of a page of a list as a client asks for it: `page` first (left out for page 1), then
 * the filters that apply, in the collection's order, then a view's parameters as written for a service that
 * answers views (`_sort=name&_facet=type`, contract §12), if any.
 */
export function listRequestPath<F extends string>(
  collection: Listed<F>,
  filters: Filters<F>,
  page: number,
  view = '',
): string {
  const params = new URLSearchParams()
  if (page !== 1) params.set('page', String(page))
  for (const [name, value] of appliedFilters(collection.filters, filters)) params.set(name, value)
  const query = [params.toString(), view].filter((part) => part !== '').join('&')
  return query === '' ? collection.listPath : `${collection.listPath}?${query}`
}
