/** A function that passes on at most one value per interval; `cancel` drops the one waiting, if any. */
export interface Throttled<T> {
  (value: T): void
  cancel(): void
}

/**
 * Passes the first value on at once, then at most one per `intervalMs`: the latest of those that came
 * meanwhile, at the end of the interval. The last value is never dropped, so a crawl that stalls (a slow page)
 * still shows how far it got.
 */
export function throttleLatest<T>(send: (value: T) => void, intervalMs: number): Throttled<T> {
  let timer: ReturnType<typeof setTimeout> | null = null
  let waiting: { value: T } | null = null
  const tick = () => {
    if (!waiting) {
      timer = null
      return
    }
    const { value } = waiting
    waiting = null
    send(value)
    timer = setTimeout(tick, intervalMs)
  }
  const throttled = (value: T) => {
    if (timer) {
      waiting = { value }
      return
    }
    send(value)
    timer = setTimeout(tick, intervalMs)
  }
  throttled.cancel = () => {
    if (timer) clearTimeout(timer)
    timer = null
    waiting = null
  }
  return throttled
}
