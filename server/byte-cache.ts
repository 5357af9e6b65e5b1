import { LRUCache } from 'lru-cache'

/** What a cache holds now, for tests and metrics. */
export interface CacheStats {
  entries: number
  /** Bytes counted: every key and every value, with a fixed allowance per entry. */
  bytes: number
  maxBytes: number
  /** Lookups that found their entry, and lookups that did not, since the cache was made (for the metrics). */
  hits: number
  misses: number
}

/** Bytes counted for one entry beyond its key and value: the map slot, the list links, the size record. */
const ENTRY_OVERHEAD = 200

/** Bytes a string key may take in memory: V8 keeps a string with any non-Latin-1 character at two bytes each. */
export const keyBytes = (key: string): number => key.length * 2

/**
 * A least-recently-used cache bounded by its memory in bytes, counting its keys as well as its values (a key
 * built from a request can be far larger than the value it finds), and optionally by entry count.
 */
export class ByteBoundedCache<Value extends object> {
  private readonly cache: LRUCache<string, Value>
  private hits = 0
  private misses = 0

  constructor(
    readonly maxBytes: number,
    valueBytes: (value: Value) => number,
    maxEntries?: number,
  ) {
    this.cache = new LRUCache<string, Value>({
      maxSize: maxBytes,
      ...(maxEntries === undefined ? {} : { max: maxEntries }),
      sizeCalculation: (value, key) => Math.max(1, keyBytes(key) + valueBytes(value) + ENTRY_OVERHEAD),
    })
  }

  get(key: string): Value | undefined {
    return this.counted(this.cache.get(key))
  }

  /** Reads without marking the entry as recently used (cheaper, for the hottest lookups). */
  peek(key: string): Value | undefined {
    return this.counted(this.cache.peek(key))
  }

  private counted(value: Value | undefined): Value | undefined {
    if (value === undefined) this.misses++
    else this.hits++
    return value
  }

  /** Keeps `value` under `key`, evicting the least recently used; an entry larger than the budget is not kept. */
  set(key: string, value: Value): void {
    this.cache.set(key, value)
  }

  /** Forgets every entry (the hit and miss counts stay). */
  clear(): void {
    this.cache.clear()
  }

  stats(): CacheStats {
    return {
      entries: this.cache.size,
      bytes: this.cache.calculatedSize,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
    }
  }
}
