import {
  type ApiRecord,
  type DatasetRecord,
  type IdSelection,
  type ListPage,
  listPageAddress,
  PAGE_SIZE,
  pageCount,
  parseIdSelection,
} from '../../src/catalogue'
import { SEARCH_FILTER } from '../../src/catalogue/search/parameters'
import { facetBodyOf, type ViewFacetsBody, type ViewPageBody } from '../../src/catalogue/views/answer'
import { type ApiView, apiViewParameters, encodeParameters } from '../../src/catalogue/views/parameters'
import { listViewOf } from '../../src/catalogue/views/view'
import { ByteBoundedCache, type CacheStats } from '../byte-cache'
import { chartFacetsBody } from './chart-facets'
import { CatalogueError } from './errors'
import { foldedFilters, type ListQuery, pageAnswer } from './list-query'
import { type PositionSet, positionSet } from './positions'
import { addressesFor } from './render'
import type { CollectionSource } from './source'

export type { IdSelection, ListPage } from '../../src/catalogue'
export type { ListQuery } from './list-query'
export { parseListQuery } from './list-query'

/** Reads an `{ids}` segment; throws CatalogueError (invalid) when it is not one of the contract's forms. */
export function parseIds(idsText: string): IdSelection {
  const parsed = parseIdSelection(idsText)
  if (!parsed.ok) throw new CatalogueError('invalid', parsed.error)
  return parsed.selection
}

export interface CatalogueOptions {
  /** Memory for filter results kept (positions of matching records), keys included (bytes). */
  filterCacheBytes?: number
  /** Whether a catalogue version is still the one served: a filter result of another is not kept. */
  isCurrent?: (version: number) => boolean
}

export const DEFAULT_FILTER_CACHE_BYTES = 32 * 1024 * 1024

/** Facet counting stops after this long and answers `counted: false` (Datasette's `facet_time_limit_ms`). */
export const FACET_TIME_LIMIT_MS = 200

/** A view's page as an answer holds it, and whether it is whole (every facet counted): only then is it kept. */
export interface ViewPage {
  body: ViewPageBody<ApiRecord>
  complete: boolean
}

/** The collection a request reads, in the catalogue version it read it from. */
export interface VersionedSource {
  source: CollectionSource
  version: number
}

/**
 * The catalogue's queries: pages of a list and of its views, and records by id, as plain data, throwing
 * CatalogueError for what cannot be answered. Knows nothing of HTTP; filter results (positions of the matching records) are kept by
 * catalogue version, collection and folded filters, so later pages of a filter are lookups by position.
 */
export class Catalogue {
  private readonly filterResults: ByteBoundedCache<PositionSet>
  private readonly isCurrent: (version: number) => boolean

  constructor(options: CatalogueOptions = {}) {
    this.filterResults = new ByteBoundedCache(
      options.filterCacheBytes ?? DEFAULT_FILTER_CACHE_BYTES,
      (positions) => positions.byteLength,
    )
    this.isCurrent = options.isCurrent ?? (() => true)
  }

  cacheStats(): CacheStats {
    return this.filterResults.stats()
  }

  /** Forgets every filter result (the catalogue was replaced). */
  clear(): void {
    this.filterResults.clear()
  }

  /** One record (selection `one`; CatalogueError not-found when unknown) or the known ones of a list. */
  async records(
    source: CollectionSource,
    selection: IdSelection,
    base: string,
  ): Promise<ApiRecord | ApiRecord[]> {
    const { collection } = source
    const at = addressesFor(collection, base)
    if (selection.kind === 'one') {
      const [record] = await source.withIds([selection.id])
      if (!record) throw new CatalogueError('not-found', collection.labels.notFound)
      return collection.toRecord(record, at)
    }
    return (await source.withIds(selection.ids)).map((record) => collection.toRecord(record, at))
  }

  /** The known records of an id list (ascending, each once), read at once and rendered `size` at a time. */
  async *recordSlices(
    source: CollectionSource,
    ids: readonly number[],
    base: string,
    size: number,
  ): AsyncGenerator<ApiRecord[]> {
    const { collection } = source
    const at = addressesFor(collection, base)
    const found = await source.withIds(ids)
    for (let start = 0; start < found.length; start += size)
      yield found.slice(start, start + size).map((record) => collection.toRecord(record, at))
  }

  /** A page of a list; CatalogueError not-found for a page beyond the last. */
  async listPage(
    { source, version }: VersionedSource,
    query: ListQuery,
    base: string,
  ): Promise<ListPage<ApiRecord>> {
    const { collection } = source
    const { page } = query
    const start = (page - 1) * PAGE_SIZE
    const end = start + PAGE_SIZE
    let count: number
    let records: DatasetRecord[]
    if (query.filters.length === 0) {
      count = source.count
      records = page > pageCount(count) ? [] : await source.slice(start, end)
    } else {
      const folded = foldedFilters(query)
      const key = JSON.stringify([version, collection.name, folded])
      const positions = this.filterResults.get(key)
      if (positions === undefined) {
        const matches = await source.match(folded, start, end)
        if (this.isCurrent(version)) this.filterResults.set(key, positionSet(matches.positions, source.count))
        count = matches.positions.length
        records = matches.records
      } else {
        count = positions.length
        records = start >= count ? [] : await source.atPositions(positions.slice(start, end))
      }
    }
    const info = pageAnswer(count, query, (to) => listPageAddress(base, collection, to, query.filters))
    const at = addressesFor(collection, base)
    return { info, results: records.map((record) => collection.toRecord(record, at)) }
  }

  /**
   * A page of a list's view (contract §12): the rows in the view's order with the exact count, `next` and `prev`
   * holding the view, `info.view` its echo, and with `_facet`, each asked facet's values; `complete` is false
   * when a facet was not counted in time (such an answer is not kept). CatalogueError not-found for a page
   * beyond the last.
   */
  async viewPage(
    source: CollectionSource,
    query: ListQuery,
    view: ApiView,
    base: string,
    facetTimeLimitMs = FACET_TIME_LIMIT_MS,
  ): Promise<ViewPage> {
    const { collection } = source
    const { page } = query
    const answer = await source.answerView({
      filters: foldedFilters(query),
      search: query.search,
      view: listViewOf({}, view.state, collection.columns),
      count: view.counted,
      start: (page - 1) * PAGE_SIZE,
      end: page * PAGE_SIZE,
      facetTimeLimitMs,
      ...(view.charted ? { charted: view.charted } : {}),
    })
    const parameters = apiViewParameters(view, collection)
    // `_search` is written after the filters, before the view (contract §13).
    const searched: [string, string][] = query.search === null ? [] : [[SEARCH_FILTER, query.search]]
    const info = pageAnswer(answer.count, query, (to) =>
      listPageAddress(base, collection, to, query.filters, [...searched, ...parameters]),
    )
    const at = addressesFor(collection, base)
    const body: ViewPageBody<ApiRecord> = {
      info: { ...info, view: encodeParameters(parameters) },
      results: answer.records.map((record) => collection.toRecord(record, at)),
    }
    if (view.counted.length > 0 || view.charted) {
      const facets: ViewFacetsBody = {}
      for (const name of view.counted) {
        const counts = answer.facets.find((facet) => facet.name === name)
        facets[name] = facetBodyOf(
          counts,
          view.state.facets[name] ?? [],
          counts !== undefined,
          view.facetSize,
        )
      }
      if (view.charted) Object.assign(facets, chartFacetsBody(view.charted, answer.charts))
      body.facets = facets
    }
    return { body, complete: answer.counted || (view.counted.length === 0 && !view.charted) }
  }
}
