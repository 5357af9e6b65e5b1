import type { ApiView } from '../../src/catalogue/views/parameters'
import { ByteBoundedCache, type CacheStats } from '../byte-cache'
import { type Catalogue, parseIds, parseListQuery } from '../catalogue/service'
import { FACET_TIME_LIMIT_MS, type ViewSource, viewPage } from '../catalogue/views'
import type { CollectionStore } from '../dataset/store'
import { Representation } from './representation'

export interface AnswerCacheOptions {
  /** Memory for bodies kept ready to send, keys included (bytes). */
  bodyCacheBytes?: number
  /** Memory for the catalogue's filter results, keys included (bytes). */
  filterCacheBytes?: number
  /** How long a view's facets may be counted (ms); default FACET_TIME_LIMIT_MS. */
  facetTimeLimitMs?: number
}

export const DEFAULT_BODY_CACHE_BYTES = 32 * 1024 * 1024
/** Records rendered in one go; a longer id list is rendered in slices of this many. */
export const RENDER_SLICE = 50

/**
 * The API's answers as ready-to-send bodies (with ETag and compressed forms), made once per distinct request:
 * cached under a normalised key (collection, public base, page, applied filters; ignored parameters dropped,
 * so no spelling of a request makes a second entry), within a byte budget that counts the keys.
 */
export class ApiAnswers {
  private readonly bodies: ByteBoundedCache<Representation>
  /** Counts the clears (reloads), so that a body rendered across one is not kept. */
  private generation = 0
  private readonly facetTimeLimitMs: number

  constructor(
    private readonly catalogue: Catalogue,
    options: AnswerCacheOptions = {},
  ) {
    this.facetTimeLimitMs = options.facetTimeLimitMs ?? FACET_TIME_LIMIT_MS
    this.bodies = new ByteBoundedCache(
      options.bodyCacheBytes ?? DEFAULT_BODY_CACHE_BYTES,
      (body) => body.budgetSize,
    )
  }

  /** A page of a list; `query` is the parsed query string. Throws CatalogueError. */
  list(store: CollectionStore, query: Record<string, unknown>, base: string): Representation {
    const listQuery = parseListQuery(store.collection, query)
    const collection = store.collection.name
    // Unfiltered pages (the busiest requests) get a key without serialising anything.
    const key =
      listQuery.filters.length === 0
        ? `${collection}?${listQuery.page}\n${base}`
        : JSON.stringify([collection, base, listQuery.page, listQuery.filters])
    return this.cached(key, () => JSON.stringify(this.catalogue.listPage(store, listQuery, base)))
  }

  /**
   * One record (`7`) or an array of records (`1,2` or `[1,2]`). Throws CatalogueError. A list of more than
   * RENDER_SLICE ids is rendered a slice at a time, letting other requests through in between (contract §11,
   * fair CPU: 500 records of the 100,000-location dataset took about 3 ms in one go).
   */
  byIds(store: CollectionStore, idsText: string, base: string): Representation | Promise<Representation> {
    const selection = parseIds(idsText)
    const name = store.collection.name
    if (selection.kind === 'one') {
      const key = `${name}\n${base}\n${selection.id}`
      return this.cached(key, () => JSON.stringify(this.catalogue.records(store, selection, base)))
    }
    const { ids } = selection
    const key = `${name}\n${base}\n[${ids.join(',')}]`
    if (ids.length <= RENDER_SLICE)
      return this.cached(key, () => JSON.stringify(this.catalogue.records(store, selection, base)))
    const cached = this.bodies.get(key)
    if (cached) return cached
    return this.renderInSlices(store, ids, base, key)
  }

  private async renderInSlices(
    store: CollectionStore,
    ids: readonly number[],
    base: string,
    key: string,
  ): Promise<Representation> {
    const generation = this.generation
    const parts: string[] = []
    for (let start = 0; start < ids.length; start += RENDER_SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve))
      const slice = ids.slice(start, start + RENDER_SLICE)
      const records = this.catalogue.records(store, { kind: 'many', ids: slice }, base)
      // The same text as JSON.stringify of the whole array: its items joined by commas.
      const text = JSON.stringify(records)
      if (text !== '[]') parts.push(text.slice(1, -1))
    }
    const body = new Representation(`[${parts.join(',')}]`)
    // A reload while rendering: the answer is the old data's, and is not kept for the new.
    if (generation === this.generation) this.bodies.set(key, body)
    return body
  }

  /**
   * A page of a list's view (contract §12), with the body cache: `begin` is asked before a view is computed (not
   * for a body kept) and returns what to call once it is done, or null when the caller may not start another
   * now. `complete` is false for an answer whose facets were not counted in time, which is not kept.
   */
  async view(
    source: ViewSource,
    query: Record<string, unknown>,
    view: ApiView,
    base: string,
    begin: () => (() => void) | null,
  ): Promise<{ body: Representation; complete: boolean } | null> {
    const listQuery = parseListQuery(source.collection, query)
    const key = JSON.stringify([source.collection.name, base, listQuery.page, listQuery.filters, view])
    const cached = this.bodies.get(key)
    if (cached) return { body: cached, complete: true }
    const done = begin()
    if (!done) return null
    const generation = this.generation
    try {
      const { body, complete } = await viewPage(source, listQuery, view, base, this.facetTimeLimitMs)
      const representation = new Representation(JSON.stringify(body))
      if (complete && generation === this.generation) this.bodies.set(key, representation)
      return { body: representation, complete }
    } finally {
      done()
    }
  }

  cacheStats(): Record<'bodies' | 'filterResults', CacheStats> {
    return { bodies: this.bodies.stats(), filterResults: this.catalogue.cacheStats() }
  }

  /** Forgets every body and filter result (the dataset was replaced: new bodies, new ETags). */
  clear(): void {
    this.generation++
    this.bodies.clear()
    this.catalogue.clear()
  }

  private cached(key: string, render: () => string): Representation {
    const cached = this.bodies.get(key)
    if (cached) return cached
    const body = new Representation(render())
    this.bodies.set(key, body)
    return body
  }
}
