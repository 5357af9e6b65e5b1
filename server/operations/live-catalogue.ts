import { CatalogueService, type CatalogueServiceOptions } from '../catalogue/service'
import type { CatalogueStore, CollectionStore } from '../dataset/store'

type CacheStats = Record<string, { hits: number; misses: number }>

/** Records served by collection name, such as `{ locations: 126, episodes: 51 }`. */
export type RecordCounts = Record<string, number>

export function recordCounts(store: CatalogueStore): RecordCounts {
  return Object.fromEntries(store.collections.map((each) => [each.collection.name, each.records.length]))
}

/**
 * The dataset being served and the service answering from it, replaced together in one step: a request reads
 * them once and is answered wholly from the old data or wholly from the new. Replacing drops every cache (the
 * new service starts empty, and listeners drop theirs), so the next answers carry the new data and ETags.
 */
export class LiveCatalogue {
  private current: { byName: Map<string, CollectionStore>; counts: RecordCounts; service: CatalogueService }
  private readonly listeners: (() => void)[] = []
  /** Cache statistics of the services already replaced, so the counters never go back. */
  private readonly retired: CacheStats = {}

  constructor(
    store: CatalogueStore,
    private readonly cacheOptions: CatalogueServiceOptions = {},
  ) {
    this.current = this.serve(store)
  }

  private serve(store: CatalogueStore) {
    return {
      byName: new Map(store.collections.map((each) => [each.collection.name, each])),
      counts: recordCounts(store),
      service: new CatalogueService(this.cacheOptions),
    }
  }

  get service(): CatalogueService {
    return this.current.service
  }

  /** The store of a collection now served (every dataset has every collection the service started with). */
  collection(name: string): CollectionStore {
    const store = this.current.byName.get(name)
    if (!store) throw new Error(`No collection ${name}`)
    return store
  }

  get counts(): RecordCounts {
    return this.current.counts
  }

  /** Serves `store` from now on. */
  replace(store: CatalogueStore): void {
    for (const [cache, stats] of Object.entries(this.current.service.cacheStats)) {
      const before = this.retired[cache] ?? { hits: 0, misses: 0 }
      this.retired[cache] = { hits: before.hits + stats.hits, misses: before.misses + stats.misses }
    }
    this.current = this.serve(store)
    for (const listener of this.listeners) listener()
  }

  /** Called right after each replacement, in the same step (for other caches of answers to drop theirs). */
  onReplace(listener: () => void): void {
    this.listeners.push(listener)
  }

  get cacheStats(): CacheStats {
    const stats: CacheStats = {}
    for (const [cache, now] of Object.entries(this.current.service.cacheStats)) {
      const before = this.retired[cache] ?? { hits: 0, misses: 0 }
      stats[cache] = { hits: before.hits + now.hits, misses: before.misses + now.misses }
    }
    return stats
  }
}
