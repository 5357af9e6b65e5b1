/** A least-recently-used cache bounded by entry count and by total size (in bytes, as `sizeOf` says). */
export class LruCache<Value> {
  private readonly entries = new Map<string, { value: Value; size: number }>()
  private totalSize = 0
  /** Lookups that found their entry, and lookups that did not (for the metrics). */
  readonly stats = { hits: 0, misses: 0 }

  constructor(
    private readonly maxEntries: number,
    private readonly maxSize: number,
    private readonly sizeOf: (value: Value) => number,
  ) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) {
      this.stats.misses++
      return undefined
    }
    this.stats.hits++
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  /** Reads without marking the entry as recently used (cheaper, for the hottest lookups). */
  peek(key: string): Value | undefined {
    const value = this.entries.get(key)?.value
    if (value === undefined) this.stats.misses++
    else this.stats.hits++
    return value
  }

  /** Forgets every entry (the statistics stay). */
  clear(): void {
    this.entries.clear()
    this.totalSize = 0
  }

  set(key: string, value: Value): void {
    const existing = this.entries.get(key)
    if (existing) {
      this.totalSize -= existing.size
      this.entries.delete(key)
    }
    const size = this.sizeOf(value)
    if (size > this.maxSize) return
    this.entries.set(key, { value, size })
    this.totalSize += size
    this.evict()
  }

  private evict(): void {
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.totalSize <= this.maxSize) break
      this.entries.delete(oldestKey)
      this.totalSize -= oldest.size
    }
  }
}
