import { SearchEngine } from '../../src/catalogue/search/engine'
import { ByteBoundedCache } from '../byte-cache'
import { RankedSearch } from '../catalogue/ranked-search'
import type { CollectionStore } from './store'

/** Memory for the positions `_search` found of recent queries (a list's later pages ask again). */
const KEPT_BYTES = 8 * 1024 * 1024

/** The memory store's search: the catalogue's search engine over the records it holds, built with them. */
export class MemorySearch extends RankedSearch {
  private readonly positions = new ByteBoundedCache<Int32Array>(KEPT_BYTES, (found) => found.byteLength)

  private constructor(
    private readonly memoryEngine: SearchEngine,
    stores: readonly CollectionStore[],
  ) {
    super(memoryEngine, stores)
  }

  /** The search of these stores' records, made in one go (at start, before the service listens). */
  static of(stores: readonly CollectionStore[]): MemorySearch {
    return new MemorySearch(SearchEngine.of(searched(stores)), stores)
  }

  /** The search made a slice at a time, requests answered between slices (a reload, contract §11). */
  static async inTurns(stores: readonly CollectionStore[]): Promise<MemorySearch> {
    return new MemorySearch(await SearchEngine.inTurns(searched(stores)), stores)
  }

  /** The positions of one collection's records that `text` finds, best first (`_search`, contract §13). */
  positionsOf(collection: string, text: string): Int32Array {
    const key = JSON.stringify([collection, text])
    const known = this.positions.get(key)
    if (known) return known
    const found = this.memoryEngine.searchCollection(collection, text)
    this.positions.set(key, found)
    return found
  }
}

const searched = (stores: readonly CollectionStore[]) =>
  stores.map((store) => ({ collection: store.collection, records: store.records }))
