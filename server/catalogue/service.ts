import {
  type ApiRecord,
  type DatasetRecord,
  foldCase,
  type IdSelection,
  type ListPage,
  listPageAddress,
  PAGE_SIZE,
  pageCount,
  parseIdSelection,
} from '../../src/catalogue'
import { ByteBoundedCache, type CacheStats } from '../byte-cache'
import { CatalogueError } from './errors'
import { type ListQuery, pagesHolding } from './list-query'
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

/** The collection a request reads, in the catalogue version it read it from. */
export interface VersionedSource {
  source: CollectionSource
  version: number
}

/**
 * The catalogue's queries: pages of a list and records by id, as plain data, throwing CatalogueError for what
 * cannot be answered. Knows nothing of HTTP; filter results (positions of the matching records) are kept by
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
      const applied = query.filters.map(([field, value]) => ({ field, foldedValue: foldCase(value) }))
      const key = JSON.stringify([version, collection.name, applied])
      const positions = this.filterResults.get(key)
      if (positions === undefined) {
        const matches = await source.match(applied, start, end)
        if (this.isCurrent(version)) this.filterResults.set(key, positionSet(matches.positions, source.count))
        count = matches.positions.length
        records = matches.records
      } else {
        count = positions.length
        records = start >= count ? [] : await source.atPositions(positions.slice(start, end))
      }
    }
    const pages = pagesHolding(query, count)
    const at = addressesFor(collection, base)
    return {
      info: {
        count,
        pages,
        next: page < pages ? listPageAddress(base, collection, page + 1, query.filters) : null,
        prev: page > 1 && pages > 0 ? listPageAddress(base, collection, page - 1, query.filters) : null,
      },
      results: records.map((record) => collection.toRecord(record, at)),
    }
  }
}
