import type { Clock } from '../clock'

/**
 * Simulated time for tests: nothing waits for real. `run` lets the code under test go as far as it can, then
 * moves time to the next pending sleep, until the given promise settles.
 */
export class FakeClock implements Clock {
  time = 0
  private timers: { at: number; order: number; resolve: () => void }[] = []
  private order = 0

  now(): number {
    return this.time
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason)
        return
      }
      const timer = {
        at: this.time + Math.max(0, ms),
        order: this.order++,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
      }
      const onAbort = () => {
        this.timers = this.timers.filter((other) => other !== timer)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.timers.push(timer)
    })
  }

  /** Settles `promise`, advancing simulated time whenever nothing else can happen. */
  async run<T>(promise: Promise<T>): Promise<T> {
    let settled = false
    promise.then(
      () => {
        settled = true
      },
      () => {
        settled = true
      },
    )
    for (;;) {
      await idle()
      if (settled) return promise
      this.timers.sort((a, b) => a.at - b.at || a.order - b.order)
      const timer = this.timers.shift()
      if (!timer) throw new Error('Nothing left to wait for, and the promise has not settled')
      this.time = Math.max(this.time, timer.at)
      timer.resolve()
    }
  }
}

/** Lets every ready promise callback (and the macrotasks Response bodies need) run. */
async function idle(): Promise<void> {
  for (let round = 0; round < 3; round++) await new Promise((resolve) => setImmediate(resolve))
}
