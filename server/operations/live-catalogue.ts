import type { CatalogueStore, CollectionStore } from '../dataset/store'

/** Records served by collection name, such as `{ locations: 126, episodes: 51 }`. */
export type RecordCounts = Record<string, number>

export function recordCounts(store: CatalogueStore): RecordCounts {
  return Object.fromEntries(store.collections.map((each) => [each.collection.name, each.records.length]))
}

/**
 * The dataset being served, replaceable while serving (SIGHUP): a request reads its collection once and is
 * answered wholly from the old data or wholly from the new. Replacing calls the listeners in the same step, so
 * every cache of answers (the body cache, the filter results, the fast path) is dropped before the next request
 * and the next answers carry the new data and ETags.
 */
export class LiveCatalogue {
  private current: { byName: Map<string, CollectionStore>; counts: RecordCounts }
  private readonly listeners: (() => void)[] = []
  private replaced = 0

  constructor(store: CatalogueStore) {
    this.current = LiveCatalogue.serve(store)
  }

  private static serve(store: CatalogueStore) {
    return {
      byName: new Map(store.collections.map((each) => [each.collection.name, each])),
      counts: recordCounts(store),
    }
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

  /** Which dataset is served: 0 for the one the service started with, one more for each replacement. */
  get version(): number {
    return this.replaced
  }

  /** Serves `store` from now on. */
  replace(store: CatalogueStore): void {
    this.current = LiveCatalogue.serve(store)
    this.replaced += 1
    for (const listener of this.listeners) listener()
  }

  /** Called right after each replacement, in the same step (for the caches of answers to drop theirs). */
  onReplace(listener: () => void): void {
    this.listeners.push(listener)
  }
}
