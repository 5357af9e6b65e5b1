import type { Clock } from './clock'

/** The share of the service's limit the crawler leaves to the user's own browsing. */
export const USER_SHARE = 0.5
/** The longest the pacer waits on the service's rate-limit headers before it sends a request anyway (ms). */
const MAX_PACER_WAIT_MS = 60_000

/** The shortest pause worth taking; an answer arriving earlier ends any pause (see `turn`). */
const MIN_WAIT_MS = 20

/** The shortest stretch of answers the rate is measured over (see `measureRefill`). */
const RATE_WINDOW_MS = 2000

/**
 * The allowance the crawler leaves untouched: half the limit, but never all of it, so that a key limited to one
 * request at a time can still be crawled when its allowance is full.
 */
function floorOf(limit: number): number {
  return Math.min(Math.ceil(limit * USER_SHARE), limit - 1)
}

/** The crawler's own bucket: half the limit, at least one request. */
function shareCapacity(limit: number): number {
  return Math.max(1, Math.floor(limit * USER_SHARE))
}

/** What one answer said about the key's limit (contract section 8: `RateLimit-Limit/-Remaining/-Reset`). */
export interface RateLimitState {
  limit: number
  remaining: number
  /** Seconds until the allowance is full again. */
  reset: number
}

export function readRateLimit(headers: Headers): RateLimitState | null {
  const number = (name: string) => {
    const text = headers.get(name)?.trim()
    return text && /^\d+$/.test(text) ? Number(text) : null
  }
  const limit = number('RateLimit-Limit')
  const remaining = number('RateLimit-Remaining')
  const reset = number('RateLimit-Reset')
  if (limit === null || remaining === null || reset === null || limit < 1) return null
  return { limit, remaining: Math.min(remaining, limit), reset }
}

/** `Retry-After` in seconds or as an HTTP date; without a usable value, one second. */
export function retryAfterMs(headers: Headers, nowEpochMs: number): number {
  const value = headers.get('Retry-After')?.trim()
  if (!value) return 1000
  if (/^\d+$/.test(value)) return Math.max(1, Number(value)) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? 1000 : Math.max(1000, date - nowEpochMs)
}

/**
 * Decides when the crawler may send its next request. Two rules, both from the service's own headers:
 *
 * - the floor: the key's remaining allowance (as last reported, less the requests still in flight, plus what
 *   has come back since at the observed refill rate) never drops below half the limit because of the crawler;
 * - the share: the crawler spends at most half of what comes back, through its own bucket of half the limit
 *   refilled at half the observed rate, so over time the user keeps half of the service's rate too.
 *
 * The refill rate is read from the headers as (limit − remaining) / reset, the highest reading kept: for a token
 * bucket with a whole rate, such as this project's service, no reading overstates the rate (reset is rounded up).
 * That reading only tells much once the crawler has drawn the allowance down; a crawler slower than the refill
 * (a slow network, a busy machine) never does, and would settle on a tiny fraction of the rate. So the rate is
 * also measured over stretches of answers: what came back is at least what was spent plus the rise in
 * `remaining` (see `measureRefill`). A service without the headers is paced only by `Retry-After`.
 * Until the first answer arrives only one request is in flight, so nothing is sent blind.
 */
export class RateLimitPacer {
  private state: RateLimitState | null = null
  /** Whether any answer has arrived (with or without the headers). */
  private informed = false
  private seenAt = 0
  /** Tokens per millisecond, 0 while unknown. */
  private refill = 0
  private share = 0
  private shareAt = 0
  private inFlight = 0
  private blockedUntil = 0
  /** The start of the stretch the refill is being measured over, and the answers counted since. */
  private window: { at: number; remaining: number; limit: number; answers: number } | null = null

  private readonly waiting = new Set<() => void>()

  constructor(private readonly clock: Clock) {}

  /** Waits until a request may be sent and counts it as sent; an answer arriving meanwhile ends any wait early. */
  async turn(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted()
      const wait = this.delay()
      if (wait === 0) {
        this.sent()
        return
      }
      const stopWaiting = new AbortController()
      const both = signal ? AbortSignal.any([signal, stopWaiting.signal]) : stopWaiting.signal
      let wake = () => {}
      const news = new Promise<void>((resolve) => {
        wake = resolve
      })
      this.waiting.add(wake)
      const timeUp =
        wait === null
          ? new Promise<void>((resolve) => both.addEventListener('abort', () => resolve(), { once: true }))
          : this.clock.sleep(wait, both).catch(() => undefined)
      await Promise.race([timeUp, news])
      this.waiting.delete(wake)
      stopWaiting.abort()
    }
  }

  /** Milliseconds to wait before a request may be sent; 0 means now, null until the next answer. */
  delay(): number | null {
    const now = this.clock.now()
    if (now < this.blockedUntil) return this.blockedUntil - now
    if (!this.informed) return this.inFlight === 0 ? 0 : null
    const state = this.state
    if (!state) return 0
    const floor = floorOf(state.limit)
    const resetAt = this.seenAt + state.reset * 1000
    const missing = floor + 1 + this.inFlight - this.remainingAt(now, state)
    let wait = 0
    if (missing > 0) {
      wait = this.refill > 0 ? Math.min(missing / this.refill, resetAt - now) : resetAt - now
      wait = Math.max(wait, MIN_WAIT_MS)
    }
    const share = this.shareNow(now, state)
    if (share < 1) {
      const shareWait = this.refill > 0 ? (1 - share) / (this.refill * USER_SHARE) : resetAt - now
      wait = Math.max(wait, shareWait, MIN_WAIT_MS)
    }
    // A hostile RateLimit-Reset must not hold the crawl for hours: past a minute, ask again (a 429's
    // Retry-After then says how long, within its own cap).
    return Math.ceil(Math.min(wait, MAX_PACER_WAIT_MS))
  }

  /** A request is going out now. */
  sent(): void {
    const now = this.clock.now()
    this.inFlight++
    if (this.state) {
      this.share = this.shareNow(now, this.state) - 1
      this.shareAt = now
    }
  }

  /** A request came back (`headers` null when it failed before an answer). */
  answered(headers: Headers | null): void {
    this.inFlight--
    for (const wake of this.waiting) wake()
    this.waiting.clear()
    if (!headers) return
    const now = this.clock.now()
    const next = readRateLimit(headers)
    if (next) {
      if (!this.state) {
        // The crawler's own bucket starts with what lies above the floor, at most half the limit.
        this.share = Math.min(shareCapacity(next.limit), Math.max(0, next.remaining - floorOf(next.limit)))
        this.shareAt = now
      } else if (next.limit !== this.state.limit) {
        this.share = Math.min(this.share, shareCapacity(next.limit))
      }
      if (next.remaining < next.limit && next.reset > 0) {
        // Each reading understates a token bucket's rate (reset is rounded up), so the highest is the best.
        this.refill = Math.max(this.refill, (next.limit - next.remaining) / (next.reset * 1000))
      }
      this.measureRefill(now, next)
      this.state = next
      this.seenAt = now
    }
    this.informed = true
  }

  /** The service asked for a pause (`429` with `Retry-After`): nothing is sent before it ends. */
  pause(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.clock.now() + ms)
    // A refused request spent nothing: the stretch under measurement no longer counts what was spent.
    this.window = null
  }

  /**
   * Between two answers, the bucket refilled by at least the requests answered in between plus the rise in
   * `remaining` (less one for its rounding down and one for two answers overtaking each other); over a stretch
   * of at least RATE_WINDOW_MS that is a lower bound of the rate, however little the crawler drew the allowance
   * down. Requests from the user's own browsing only lower it.
   */
  private measureRefill(now: number, state: RateLimitState): void {
    const window = this.window
    if (!window || window.limit !== state.limit) {
      this.window = { at: now, remaining: state.remaining, limit: state.limit, answers: 0 }
      return
    }
    window.answers++
    const elapsed = now - window.at
    if (elapsed < RATE_WINDOW_MS) return
    const refilled = window.answers + state.remaining - window.remaining - 2
    if (refilled > 0) this.refill = Math.max(this.refill, refilled / elapsed)
    this.window = { at: now, remaining: state.remaining, limit: state.limit, answers: 0 }
  }

  private remainingAt(now: number, state: RateLimitState): number {
    if (now >= this.seenAt + state.reset * 1000) return state.limit
    return Math.min(state.limit, state.remaining + this.refill * (now - this.seenAt))
  }

  private shareNow(now: number, state: RateLimitState): number {
    const capacity = shareCapacity(state.limit)
    if (this.refill === 0) return now >= this.seenAt + state.reset * 1000 ? capacity : this.share
    return Math.min(capacity, this.share + this.refill * USER_SHARE * (now - this.shareAt))
  }
}
