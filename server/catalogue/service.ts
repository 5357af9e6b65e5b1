import { foldCase, PAGE_SIZE, pageCount, parseIdSelection } from '../../src/catalogue'
import type { CollectionStore } from '../dataset/store'
import { ApiError } from '../http/errors'
import { LruCache } from '../http/lru-cache'
import { Representation } from '../http/representation'
import { type ListQuery, listPageUrl, parseListQuery } from './list-query'
import { addressesFor } from './render'

export interface CatalogueServiceOptions {
  /** Most bodies kept ready to send, and their total size in bytes. */
  bodyCacheEntries?: number
  bodyCacheBytes?: number
  /** Most filter results kept (positions of matching records), and their total size in bytes. */
  filterCacheEntries?: number
  filterCacheBytes?: number
}

/**
 * Answers list and id requests with ready-to-send bodies. Work is done once per distinct request: filter
 * results are cached by collection and folded filters, bodies (with ETag and compressed forms) by collection,
 * normalised query and public base.
 */
export class CatalogueService {
  private readonly bodies: LruCache<Representation>
  private readonly filterResults: LruCache<Int32Array | null>

  constructor(options: CatalogueServiceOptions = {}) {
    this.bodies = new LruCache(
      options.bodyCacheEntries ?? 5000,
      options.bodyCacheBytes ?? 32 * 1024 * 1024,
      (body) => body.budgetSize + 200,
    )
    this.filterResults = new LruCache(
      options.filterCacheEntries ?? 2000,
      options.filterCacheBytes ?? 32 * 1024 * 1024,
      (positions) => (positions ? positions.byteLength : 0) + 200,
    )
  }

  /** Hits and misses of each cache, by name (for the metrics). */
  get cacheStats(): Record<string, { hits: number; misses: number }> {
    return { bodies: this.bodies.stats, filters: this.filterResults.stats }
  }

  /** A page of a list; `query` is the parsed query string. Throws ApiError for a bad query or a missing page. */
  list(store: CollectionStore, query: Record<string, unknown>, base: string): Representation {
    const listQuery = parseListQuery(store.collection, query)
    const collection = store.collection.name
    // Unfiltered pages (the busiest requests) get a key without serialising anything.
    const key =
      listQuery.filters.length === 0
        ? `${collection}?${listQuery.page}\n${base}`
        : JSON.stringify([collection, base, listQuery.page, listQuery.filters])
    const cached = this.bodies.get(key)
    if (cached) return cached
    const body = new Representation(this.renderList(store, listQuery, base))
    this.bodies.set(key, body)
    return body
  }

  /** One record (`7`) or an array of records (`1,2` or `[1,2]`). Throws ApiError for bad ids or a missing record. */
  byIds(store: CollectionStore, idsText: string, base: string): Representation {
    const { collection } = store
    const parsed = parseIdSelection(idsText)
    if (!parsed.ok) throw new ApiError(400, parsed.error)
    const { selection } = parsed
    const key =
      selection.kind === 'one'
        ? `${collection.name}\n${base}\n${selection.id}`
        : `${collection.name}\n${base}\n[${selection.ids.join(',')}]`
    const cached = this.bodies.get(key)
    if (cached) return cached
    const at = addressesFor(collection, base)
    let json: string
    if (selection.kind === 'one') {
      const record = store.get(selection.id)
      if (!record) throw new ApiError(404, collection.labels.notFound)
      json = JSON.stringify(collection.toRecord(record, at))
    } else {
      const found = []
      for (const id of selection.ids) {
        const record = store.get(id)
        if (record) found.push(collection.toRecord(record, at))
      }
      json = JSON.stringify(found)
    }
    const body = new Representation(json)
    this.bodies.set(key, body)
    return body
  }

  private renderList(store: CollectionStore, query: ListQuery, base: string): string {
    const { collection } = store
    const positions = this.matching(store, query)
    const count = positions ? positions.length : store.records.length
    const pages = pageCount(count)
    const { page } = query
    if (page > pages && page > 1) {
      const has = pages === 0 ? 'this list is empty' : `this list has ${pages} page${pages === 1 ? '' : 's'}`
      throw new ApiError(404, `Page ${query.pageText} does not exist: ${has}.`)
    }
    const at = addressesFor(collection, base)
    const results = []
    const end = Math.min(count, page * PAGE_SIZE)
    for (let index = (page - 1) * PAGE_SIZE; index < end; index++) {
      const position = positions ? (positions[index] as number) : index
      const record = store.records[position]
      if (record) results.push(collection.toRecord(record, at))
    }
    return JSON.stringify({
      info: {
        count,
        pages,
        next: page < pages ? listPageUrl(base, collection, page + 1, query) : null,
        prev: page > 1 && pages > 0 ? listPageUrl(base, collection, page - 1, query) : null,
      },
      results,
    })
  }

  private matching(store: CollectionStore, query: ListQuery): Int32Array | null {
    if (query.filters.length === 0) return null
    const applied = query.filters.map(([field, value]) => ({ field, foldedValue: foldCase(value) }))
    const key = JSON.stringify([
      store.collection.name,
      applied.map(({ foldedValue }) => foldedValue),
      applied.map((f) => f.field),
    ])
    const cached = this.filterResults.get(key)
    if (cached !== undefined) return cached
    const positions = store.filter(applied)
    this.filterResults.set(key, positions)
    return positions
  }
}
