import {
  type AnyCollection,
  type AppliedFilter,
  appliedFilters,
  foldCase,
  type Info,
  MAX_FILTER_LENGTH,
  PAGE_GIVEN_ONCE,
  PAGE_RULE,
  pageCount,
  pageLinks,
  parsePage,
} from '../../src/catalogue'
import { CatalogueError } from './errors'
import type { FoldedFilter } from './source'

/** A list request as the service applies it: the page and the non-empty, trimmed filters in contract order. */
export interface ListQuery {
  page: number
  /** The page as the client wrote it (without leading zeros), for messages: a huge one is held clamped. */
  pageText: string
  filters: AppliedFilter[]
  /** `_search` (contract §13), trimmed: a filter by the search's words, read where search is answered; else null. */
  search: string | null
}

/** Reads `page` and the collection's filters from a parsed query string; other parameters are ignored. */
export function parseListQuery(collection: AnyCollection, query: Record<string, unknown>): ListQuery {
  const { page, pageText } = readPage(query.page)
  const given: Record<string, string> = {}
  for (const field of collection.filters) {
    const raw = query[field]
    if (raw === undefined) continue
    if (typeof raw !== 'string')
      throw new CatalogueError('invalid', `The filter "${field}" may be given only once.`)
    if (raw.length > MAX_FILTER_LENGTH) {
      throw new CatalogueError(
        'invalid',
        `The filter "${field}" may be at most ${MAX_FILTER_LENGTH} characters long.`,
      )
    }
    given[field] = raw
  }
  return { page, pageText, filters: appliedFilters(collection.filters, given), search: null }
}

/**
 * Reads `page` (§4): the page, and the page as the client wrote it (without leading zeros) for messages.
 * Throws CatalogueError (invalid) when it is given twice or is not a page.
 */
export function readPage(raw: unknown): { page: number; pageText: string } {
  if (raw === undefined) return { page: 1, pageText: '1' }
  if (typeof raw !== 'string') throw new CatalogueError('invalid', PAGE_GIVEN_ONCE)
  const page = parsePage(raw)
  if (page === null) throw new CatalogueError('invalid', PAGE_RULE)
  return { page, pageText: raw.replace(/^0+/, '') }
}

/** A list's filters as a store applies them: each value folded (`foldCase`), as every store compares them. */
export function foldedFilters(query: { filters: readonly AppliedFilter[] }): FoldedFilter[] {
  return query.filters.map(([field, value]) => ({ field, foldedValue: foldCase(value) }))
}

/**
 * A page's `info` for a list of `count` records (contract §4): the count, the pages, and the addresses of the
 * pages beside it (`address` writes one). CatalogueError not-found for a page past the last (page 1 of an empty
 * list exists).
 */
export function pageAnswer(
  count: number,
  query: Pick<ListQuery, 'page' | 'pageText'>,
  address: (page: number) => string,
): Info {
  const pages = pageCount(count)
  if (query.page > pages && query.page > 1) {
    const has = pages === 0 ? 'this list is empty' : `this list has ${pages} page${pages === 1 ? '' : 's'}`
    throw new CatalogueError('not-found', `Page ${query.pageText} does not exist: ${has}.`)
  }
  return { count, pages, ...pageLinks(query.page, pages, address) }
}
