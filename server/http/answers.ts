import type { ApiView } from '../../src/catalogue/views/parameters'
import { ByteBoundedCache, type CacheStats } from '../byte-cache'
import type { ListQuery } from '../catalogue/list-query'
import type { ServedCatalogue } from '../catalogue/live-catalogue'
import { type Catalogue, FACET_TIME_LIMIT_MS, parseIds } from '../catalogue/service'
import type { CollectionSource } from '../catalogue/source'
import { apiBodyOf, Representation } from './representation'

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
 * so no spelling of a request makes a second entry), within a byte budget that counts the keys. A body is
 * kept only when the catalogue version it was read from is still the one served once it is ready.
 */
export class ApiAnswers {
  private readonly bodies: ByteBoundedCache<Representation>
  private readonly facetTimeLimitMs: number

  constructor(
    private readonly catalogue: Catalogue,
    private readonly isCurrent: (version: number) => boolean,
    options: AnswerCacheOptions = {},
  ) {
    this.facetTimeLimitMs = options.facetTimeLimitMs ?? FACET_TIME_LIMIT_MS
    this.bodies = new ByteBoundedCache(
      options.bodyCacheBytes ?? DEFAULT_BODY_CACHE_BYTES,
      (body) => body.budgetSize,
    )
  }

  /** A page of a list (its request read once, list-request.ts). Rejects with CatalogueError. */
  async list(served: ServedCatalogue, source: CollectionSource, query: ListQuery, base: string) {
    const { name } = source.collection
    // Unfiltered pages (the busiest requests) get a key without serialising anything.
    const key =
      query.filters.length === 0
        ? `${name}?${query.page}\n${base}`
        : JSON.stringify([name, base, query.page, query.filters])
    return this.cached(served, key, async () =>
      JSON.stringify(await this.catalogue.listPage({ source, version: served.version }, query, base)),
    )
  }

  /**
   * One record (`7`) or an array of records (`1,2` or `[1,2]`). Rejects with CatalogueError. A list of more
   * than RENDER_SLICE ids is rendered a slice at a time, letting other requests through in between (contract
   * §11, fair CPU: 500 records in one go held the event loop for milliseconds; docs/decisions.md, "Service").
   */
  async byIds(served: ServedCatalogue, name: string, idsText: string, base: string): Promise<Representation> {
    const source = served.collection(name)
    const selection = parseIds(idsText)
    if (selection.kind === 'one') {
      const key = `${name}\n${base}\n${selection.id}`
      return this.cached(served, key, async () =>
        JSON.stringify(await this.catalogue.records(source, selection, base)),
      )
    }
    const { ids } = selection
    const key = `${name}\n${base}\n[${ids.join(',')}]`
    return this.cached(served, key, async () => {
      const parts: string[] = []
      for await (const records of this.catalogue.recordSlices(source, ids, base, RENDER_SLICE)) {
        if (parts.length > 0) await new Promise((resolve) => setImmediate(resolve))
        // The same text as JSON.stringify of the whole array: its items joined by commas.
        parts.push(JSON.stringify(records).slice(1, -1))
      }
      return `[${parts.join(',')}]`
    })
  }

  /**
   * A page of a list's view (contract §12), with the body cache: `begin` is asked before a view is computed (not
   * for a body kept) and returns what to call once it is done, or null when the caller may not start another
   * now. `complete` is false for an answer whose facets were not counted in time, which is not kept.
   */
  async view(
    served: ServedCatalogue,
    source: CollectionSource,
    query: ListQuery,
    view: ApiView,
    base: string,
    begin: () => (() => void) | null,
  ): Promise<{ body: Representation; complete: boolean } | null> {
    const key = JSON.stringify([source.collection.name, base, query.page, query.filters, query.search, view])
    const cached = this.bodies.get(key)
    if (cached) return { body: cached, complete: true }
    const done = begin()
    if (!done) return null
    try {
      const { body, complete } = await this.catalogue.viewPage(
        source,
        query,
        view,
        base,
        this.facetTimeLimitMs,
      )
      const representation = new Representation(JSON.stringify(body), apiBodyOf(served.contentVersion))
      if (complete && this.isCurrent(served.version)) this.bodies.set(key, representation)
      return { body: representation, complete }
    } finally {
      done()
    }
  }

  /**
   * An answer of search or characters (contract §13), with the body cache and the views' slots (`begin`, as
   * `view`): null when the caller may not start another now.
   */
  async computed(
    served: ServedCatalogue,
    key: string,
    begin: () => (() => void) | null,
    render: () => Promise<string>,
  ): Promise<Representation | null> {
    const cached = this.bodies.get(key)
    if (cached) return cached
    const done = begin()
    if (!done) return null
    try {
      return await this.cached(served, key, render)
    } finally {
      done()
    }
  }

  cacheStats(): Record<'bodies' | 'filterResults', CacheStats> {
    return { bodies: this.bodies.stats(), filterResults: this.catalogue.cacheStats() }
  }

  /** Forgets every body and filter result (the catalogue was replaced: new bodies, new ETags). */
  clear(): void {
    this.bodies.clear()
    this.catalogue.clear()
  }

  private async cached(
    served: ServedCatalogue,
    key: string,
    render: () => Promise<string>,
  ): Promise<Representation> {
    const cached = this.bodies.get(key)
    if (cached) return cached
    const body = new Representation(await render(), apiBodyOf(served.contentVersion))
    if (this.isCurrent(served.version)) this.bodies.set(key, body)
    return body
  }
}
