import type { AnyCollection, AppliedFilter } from '../../src/catalogue'
import { SEARCH_FILTER, searchTextProblem } from '../../src/catalogue/search/parameters'
import {
  type ApiView,
  emptyApiView,
  isApiViewParameter,
  needsIndex,
  readApiView,
} from '../../src/catalogue/views/parameters'
import { readStreamRequest, type StreamRequest } from '../../src/catalogue/views/stream'
import { CatalogueError } from './errors'
import { type ListQuery, parseListQuery } from './list-query'

/** A stream asked for: its format, columns and resume point, the list's filters, and the view. */
export interface StreamQuery extends StreamRequest {
  /** The filters that apply, as the client wrote them (trimmed, in the contract's order). */
  filters: readonly AppliedFilter[]
  /** The view (its sort, facet values and ranges); null: the list in id order. */
  view: ApiView | null
  /** `_search`, a filter: without a sort, the stream is in its order of relevance. */
  search: string | null
}

/** A list request as the service answers it, read once: its page and filters, its view, its stream. */
export interface ListRequest {
  list: ListQuery
  /** The view asked for (contract §12), when views are read; null for none. */
  view: ApiView | null
  /** The stream asked for (`_export`), when streams are read; null for none. */
  stream: StreamQuery | null
  /**
   * Whether the address holds only what the answer depends on: `page`, the filters and, for a view, the view's
   * own parameters (whatever their values). Only such an answer is remembered for the next same request.
   */
  canonical: boolean
}

/**
 * Reads a list request's query string once (contract §4, §5, §12): the page and the filters, then, only when a
 * parameter is neither, the view (`reads.views`: the extension is on and the catalogue answers views) and the
 * stream (`reads.streams`). Throws CatalogueError (400) for what cannot be applied; unknown parameters are
 * ignored. A request with nothing but its page and filters (the busiest) costs what it cost before views.
 */
export function readListRequest(
  collection: AnyCollection,
  query: Record<string, unknown>,
  reads: { views: boolean; streams: boolean; search?: boolean },
): ListRequest {
  const filters: readonly string[] = collection.filters
  let plain = true
  for (const name in query) {
    if (name !== 'page' && !filters.includes(name)) {
      plain = false
      break
    }
  }
  if (plain) return { list: parseListQuery(collection, query), view: null, stream: null, canonical: true }

  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query))
    for (const each of Array.isArray(value) ? value : [value])
      if (typeof each === 'string') params.append(name, each)
  let view: ApiView | null = null
  if (reads.views) {
    const read = readApiView(params, collection)
    if (!read.ok) throw new CatalogueError('invalid', read.error)
    view = read.view
  }
  const streamRead = reads.streams
    ? readStreamRequest(params, collection)
    : { ok: true as const, stream: null }
  if (!streamRead.ok) throw new CatalogueError('invalid', streamRead.error)
  // `page` and `_facet` mean nothing to a stream: its page is not read (nor refused).
  const list = parseListQuery(collection, streamRead.stream ? { ...query, page: undefined } : query)
  const searched = reads.search === true && query[SEARCH_FILTER] !== undefined
  if (searched) {
    const text = query[SEARCH_FILTER]
    const problem = searchTextProblem(SEARCH_FILTER, text, true)
    if (problem !== null) throw new CatalogueError('invalid', problem)
    // Empty is no search, as an empty filter is no filter (§5).
    list.search = String(text).trim() || null
    // A search is answered as a view is: in its order of relevance when nothing else orders it.
    if (list.search !== null) view ??= emptyApiView()
  }
  const stream: StreamQuery | null = streamRead.stream && {
    ...streamRead.stream,
    filters: list.filters,
    search: list.search,
    // Only a view that orders or narrows the list is a stream's view.
    view: view && needsIndex(view.state) ? view : null,
  }
  let canonical = true
  for (const name in query) {
    const known =
      name === 'page' ||
      filters.includes(name) ||
      (searched && name === SEARCH_FILTER) ||
      (view !== null && isApiViewParameter(name, collection))
    if (!known) {
      canonical = false
      break
    }
  }
  return { list, view, stream, canonical }
}
