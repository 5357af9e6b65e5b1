/** Uncached views computed at once per rate bucket (contract §12: a view's cost is bounded per bucket). */
export const VIEWS_AT_ONCE = 2

/**
 * How many uncached views each rate bucket (a key, or the demo key's client address) has being computed, so
 * that one client cannot have the service sort and count for it alone while others wait (§11, fair CPU):
 * past `perBucket` at once, another is refused (429) until one ends. Views answered from the cache are free.
 */
export class ViewSlots {
  private readonly busy = new Map<string, number>()

  constructor(readonly perBucket = VIEWS_AT_ONCE) {}

  /** Takes a slot of `bucket`: what to call once the view is computed, or null when all its slots are taken. */
  begin(bucket: string): (() => void) | null {
    const taken = this.busy.get(bucket) ?? 0
    if (taken >= this.perBucket) return null
    this.busy.set(bucket, taken + 1)
    let ended = false
    return () => {
      if (ended) return
      ended = true
      const left = (this.busy.get(bucket) ?? 1) - 1
      if (left > 0) this.busy.set(bucket, left)
      else this.busy.delete(bucket)
    }
  }

  /** How many buckets are computing a view now (for tests and metrics). */
  get buckets(): number {
    return this.busy.size
  }
}

/** The rate bucket of a request's key as the rate limit counts it: per key, or per client address for the demo key. */
export function rateBucketOf(keyId: string | undefined, client: string, demo: boolean): string {
  return demo ? `demo:${client}` : `key:${keyId ?? ''}`
}
