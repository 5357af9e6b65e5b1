/**
 * A bound on how many costly queries (uncached views, searches, streams' orders) run on the database at once,
 * whoever asks (contract §13): below the pool's size, so that plain pages, records and filters always find a
 * connection, and small enough that a crowd of them leaves the database's cores to others. A query over the
 * bound waits its turn, first come first served, within the time it is given.
 */
export class WorkBound {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(readonly size: number) {}

  /**
   * A share of the bound, within `ms`: what to call once the query is done (exactly once), or null when no
   * share came free in time.
   */
  take(ms: number): Promise<(() => void) | null> {
    if (this.running < this.size) {
      this.running++
      return Promise.resolve(this.release())
    }
    if (!(ms > 0)) return Promise.resolve(null)
    return new Promise((resolve) => {
      const grant = () => {
        clearTimeout(timer)
        resolve(this.release())
      }
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(grant)
        if (index !== -1) this.waiting.splice(index, 1)
        resolve(null)
      }, ms)
      this.waiting.push(grant)
    })
  }

  /** Queries running under the bound now. */
  get busy(): number {
    return this.running
  }

  /** Queries waiting for a share now. */
  get queued(): number {
    return this.waiting.length
  }

  private release(): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiting.shift()
      // The share goes straight to the next in line: `running` stays as it is.
      if (next) next()
      else this.running--
    }
  }
}
