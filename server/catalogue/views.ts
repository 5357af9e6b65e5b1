import type { AnyCollection } from '../../src/catalogue'
import { type ApiRecord, foldCase, listPageAddress, PAGE_SIZE } from '../../src/catalogue'
import { type FacetsBody, facetBodyOf, type ViewPageBody } from '../../src/catalogue/views/answer'
import {
  type ApiView,
  apiViewParameters,
  encodeParameters,
  readApiView,
} from '../../src/catalogue/views/parameters'
import { listViewOf } from '../../src/catalogue/views/view'
import { CatalogueError } from './errors'
import { type ListQuery, pagesHolding } from './list-query'
import { addressesFor } from './render'
import type { CollectionSource } from './source'

/** Facet counting stops after this long and answers `counted: false` (Datasette's `facet_time_limit_ms`). */
export const FACET_TIME_LIMIT_MS = 200

/** Reads the view a list request asks for from its query string; null for none. Throws CatalogueError (400). */
export function parseViewQuery(collection: AnyCollection, query: Record<string, unknown>): ApiView | null {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    for (const each of Array.isArray(value) ? value : [value])
      if (typeof each === 'string') params.append(name, each)
  }
  const read = readApiView(params, collection)
  if (!read.ok) throw new CatalogueError('invalid', read.error)
  return read.view
}

/** A view's page as an answer holds it, and whether it is whole (every facet counted): only then is it kept. */
export interface ViewPage {
  body: ViewPageBody<ApiRecord>
  complete: boolean
}

/**
 * A page of a list's view (contract §12): the rows in the view's order with the exact count, `next` and `prev`
 * holding the view, `info.view` its echo, and with `_facet`, each asked facet's values. CatalogueError
 * not-found for a page beyond the last.
 */
export async function viewPage(
  source: CollectionSource,
  query: ListQuery,
  view: ApiView,
  base: string,
  facetTimeLimitMs = FACET_TIME_LIMIT_MS,
): Promise<ViewPage> {
  const { collection } = source
  const { page } = query
  const answer = await source.answerView({
    filters: query.filters.map(([field, value]) => ({ field, foldedValue: foldCase(value) })),
    view: listViewOf({}, view.state, collection.columns),
    count: view.counted,
    start: (page - 1) * PAGE_SIZE,
    end: page * PAGE_SIZE,
    facetTimeLimitMs,
  })
  const pages = pagesHolding(query, answer.count)
  const parameters = apiViewParameters(view, collection)
  const at = addressesFor(collection, base)
  const address = (to: number) => listPageAddress(base, collection, to, query.filters, parameters)
  const body: ViewPageBody<ApiRecord> = {
    info: {
      count: answer.count,
      pages,
      next: page < pages ? address(page + 1) : null,
      prev: page > 1 && pages > 0 ? address(page - 1) : null,
      view: encodeParameters(parameters),
    },
    results: answer.records.map((record) => collection.toRecord(record, at)),
  }
  if (view.counted.length > 0) {
    const facets: FacetsBody = {}
    for (const name of view.counted) {
      const counts = answer.facets.find((facet) => facet.name === name)
      facets[name] = facetBodyOf(counts, view.state.facets[name] ?? [], counts !== undefined, view.facetSize)
    }
    body.facets = facets
  }
  return { body, complete: answer.counted || view.counted.length === 0 }
}
