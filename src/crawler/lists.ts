import type { ApiRecord, CollectionView, Filters, ListPage } from '../catalogue'
import { appliedFilters, listRequestPath } from '../catalogue'

/** What the crawler reads of a collection's definition: its name, list path, filters and page schema. */
export type Crawlable<R extends ApiRecord = ApiRecord, F extends string = string> = Pick<
  CollectionView<R, F>,
  'name' | 'listPath' | 'filters' | 'page'
>

/** One list to read: a collection, and the filters that narrow it (none: the whole collection). */
export interface ListTarget<R extends ApiRecord = ApiRecord, F extends string = string> {
  collection: Crawlable<R, F>
  filters?: Filters<F>
}

/** One page as the crawler hands it on, in page order within its list. */
export interface CrawledPage<R extends ApiRecord = ApiRecord> {
  /** Position of the list in the crawl's `lists`. */
  list: number
  /** The collection's name. */
  collection: string
  page: number
  pages: number
  count: number
  results: R[]
}

/**
 * The path and query of one page of a list, as the client asks for it: `page` first (left out for page 1), then
 * the non-empty filters, trimmed, in the collection's order.
 */
export function listPagePath(target: ListTarget, page: number): string {
  return listRequestPath(target.collection, target.filters ?? {}, page)
}

/** "page 3 of locations" or "page 1 of locations with type “planet”", for messages. */
export function describePage(target: ListTarget, page: number): string {
  const filters = appliedFilters(target.collection.filters, target.filters ?? {}).map(
    ([name, value]) => `${name} “${value}”`,
  )
  return `page ${page} of ${target.collection.name}${filters.length > 0 ? ` with ${filters.join(' and ')}` : ''}`
}

export type Page<R extends ApiRecord = ApiRecord> = ListPage<R>
