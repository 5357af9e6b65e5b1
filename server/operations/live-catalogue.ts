import { CatalogueService, type CatalogueServiceOptions } from '../catalogue/service'
import type { CatalogueStore } from '../dataset/store'

type CacheStats = Record<string, { hits: number; misses: number }>

/**
 * The dataset being served and the service answering from it, replaced together in one step: a request reads
 * `service` once and is answered wholly from the old data or wholly from the new. Replacing drops every cache
 * (the new service starts empty, and listeners drop theirs), so the next answers carry the new data and ETags.
 */
export class LiveCatalogue {
  private current: { store: CatalogueStore; service: CatalogueService }
  private readonly listeners: (() => void)[] = []
  /** Cache statistics of the services already replaced, so the counters never go back. */
  private readonly retired: CacheStats = {}

  constructor(
    store: CatalogueStore,
    private readonly cacheOptions: CatalogueServiceOptions = {},
  ) {
    this.current = { store, service: new CatalogueService(store, cacheOptions) }
  }

  get store(): CatalogueStore {
    return this.current.store
  }

  get service(): CatalogueService {
    return this.current.service
  }

  get counts(): { locations: number; episodes: number } {
    return {
      locations: this.current.store.locations.records.length,
      episodes: this.current.store.episodes.records.length,
    }
  }

  /** Serves `store` from now on. */
  replace(store: CatalogueStore): void {
    for (const [cache, stats] of Object.entries(this.current.service.cacheStats)) {
      const before = this.retired[cache] ?? { hits: 0, misses: 0 }
      this.retired[cache] = { hits: before.hits + stats.hits, misses: before.misses + stats.misses }
    }
    this.current = { store, service: new CatalogueService(store, this.cacheOptions) }
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
