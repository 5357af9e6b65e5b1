import { ByteBoundedCache, type CacheStats } from '../byte-cache'
import { type Catalogue, parseIds, parseListQuery } from '../catalogue/service'
import type { CollectionStore } from '../dataset/store'
import { Representation } from './representation'

export interface AnswerCacheOptions {
  /** Memory for bodies kept ready to send, keys included (bytes). */
  bodyCacheBytes?: number
  /** Memory for the catalogue's filter results, keys included (bytes). */
  filterCacheBytes?: number
}

export const DEFAULT_BODY_CACHE_BYTES = 32 * 1024 * 1024

/**
 * The API's answers as ready-to-send bodies (with ETag and compressed forms), made once per distinct request:
 * cached under a normalised key (collection, public base, page, applied filters; ignored parameters dropped,
 * so no spelling of a request makes a second entry), within a byte budget that counts the keys.
 */
export class ApiAnswers {
  private readonly bodies: ByteBoundedCache<Representation>

  constructor(
    private readonly catalogue: Catalogue,
    options: AnswerCacheOptions = {},
  ) {
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

  /** One record (`7`) or an array of records (`1,2` or `[1,2]`). Throws CatalogueError. */
  byIds(store: CollectionStore, idsText: string, base: string): Representation {
    const selection = parseIds(idsText)
    const name = store.collection.name
    const key =
      selection.kind === 'one'
        ? `${name}\n${base}\n${selection.id}`
        : `${name}\n${base}\n[${selection.ids.join(',')}]`
    return this.cached(key, () => JSON.stringify(this.catalogue.records(store, selection, base)))
  }

  cacheStats(): Record<'bodies' | 'filterResults', CacheStats> {
    return { bodies: this.bodies.stats(), filterResults: this.catalogue.cacheStats() }
  }

  /** Forgets every body and filter result (the dataset was replaced: new bodies, new ETags). */
  clear(): void {
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
