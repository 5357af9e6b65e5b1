import {
  type ApiRecord,
  foldCase,
  type IdSelection,
  type ListPage,
  listPageAddress,
  PAGE_SIZE,
  pageCount,
  parseIdSelection,
} from '../../src/catalogue'
import { ByteBoundedCache, type CacheStats } from '../byte-cache'
import type { CollectionStore } from '../dataset/store'
import { CatalogueError } from './errors'
import type { ListQuery } from './list-query'
import { addressesFor } from './render'

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
}

export const DEFAULT_FILTER_CACHE_BYTES = 32 * 1024 * 1024

/**
 * The catalogue's queries: pages of a list and records by id, as plain data, throwing CatalogueError for what
 * cannot be answered. Knows nothing of HTTP; filter results are kept by collection and folded filters.
 */
export class Catalogue {
  private readonly filterResults: ByteBoundedCache<Int32Array>

  constructor(options: CatalogueOptions = {}) {
    this.filterResults = new ByteBoundedCache(
      options.filterCacheBytes ?? DEFAULT_FILTER_CACHE_BYTES,
      (positions) => positions.byteLength,
    )
  }

  cacheStats(): CacheStats {
    return this.filterResults.stats()
  }

  /** Forgets every filter result (the dataset was replaced). */
  clear(): void {
    this.filterResults.clear()
  }

  /** One record (selection `one`; CatalogueError not-found when unknown) or the known ones of a list. */
  records(store: CollectionStore, selection: IdSelection, base: string): ApiRecord | ApiRecord[] {
    const { collection } = store
    const at = addressesFor(collection, base)
    if (selection.kind === 'one') {
      const record = store.get(selection.id)
      if (!record) throw new CatalogueError('not-found', collection.labels.notFound)
      return collection.toRecord(record, at)
    }
    const found: ApiRecord[] = []
    for (const id of selection.ids) {
      const record = store.get(id)
      if (record) found.push(collection.toRecord(record, at))
    }
    return found
  }

  /** A page of a list; CatalogueError not-found for a page beyond the last. */
  listPage(store: CollectionStore, query: ListQuery, base: string): ListPage<ApiRecord> {
    const { collection } = store
    const positions = this.matching(store, query)
    const count = positions ? positions.length : store.records.length
    const pages = pageCount(count)
    const { page } = query
    if (page > pages && page > 1) {
      const has = pages === 0 ? 'this list is empty' : `this list has ${pages} page${pages === 1 ? '' : 's'}`
      throw new CatalogueError('not-found', `Page ${query.pageText} does not exist: ${has}.`)
    }
    const at = addressesFor(collection, base)
    const results: ApiRecord[] = []
    const end = Math.min(count, page * PAGE_SIZE)
    for (let index = (page - 1) * PAGE_SIZE; index < end; index++) {
      const position = positions ? (positions[index] as number) : index
      const record = store.records[position]
      if (record) results.push(collection.toRecord(record, at))
    }
    return {
      info: {
        count,
        pages,
        next: page < pages ? listPageAddress(base, collection, page + 1, query.filters) : null,
        prev: page > 1 && pages > 0 ? listPageAddress(base, collection, page - 1, query.filters) : null,
      },
      results,
    }
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
    if (positions) this.filterResults.set(key, positions)
    return positions
  }
}
