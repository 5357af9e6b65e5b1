/**
 * Streams (contract §12): at most one at a time per rate bucket (a key, or the demo key's client address), so
 * that one client cannot hold the service's work for itself alone, and no visitor's stream blocks another's.
 * The lease is taken before a stream's first byte and given back when it ends, however it ends.
 */
export interface StreamLease {
  /** Gives the lease back (once; later calls do nothing). */
  release(): void
}

export interface StreamLeases {
  /** The bucket's lease, or null while another stream of the same bucket holds it. */
  take(bucket: string): StreamLease | null | Promise<StreamLease | null>
}

/** Seconds a refused stream is told to wait before asking again (`Retry-After`). */
export const STREAM_RETRY_AFTER_SECONDS = 2

/** The leases of this process: enough for one replica, and what stands in for Redis when it does not answer. */
export class LocalStreamLeases implements StreamLeases {
  private readonly held = new Set<string>()

  take(bucket: string): StreamLease | null {
    if (this.held.has(bucket)) return null
    this.held.add(bucket)
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        this.held.delete(bucket)
      },
    }
  }

  /** How many buckets hold a stream now (for tests). */
  get streams(): number {
    return this.held.size
  }
}
