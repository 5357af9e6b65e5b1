/** What one request learns from the limiter, ready to become `RateLimit-*` headers. */
export interface RateLimitDecision {
  allowed: boolean
  limit: number
  remaining: number
  /** Seconds until the bucket is full again. */
  reset: number
  /** Seconds until the next request would be allowed (0 when allowed). */
  retryAfter: number
}

/**
 * A token bucket per key: `rate` tokens a second, holding at most `BURST_FACTOR * rate`. A key may send a burst
 * of four seconds' worth at once and then `rate` requests a second, with no window edges to game.
 */
export class TokenBucketLimiter {
  static readonly BURST_FACTOR = 4
  readonly capacity: number
  private readonly tokens: Float64Array
  private readonly updatedAt: Float64Array

  constructor(
    readonly rate: number,
    keyCount: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.capacity = rate * TokenBucketLimiter.BURST_FACTOR
    this.tokens = new Float64Array(keyCount).fill(this.capacity)
    this.updatedAt = new Float64Array(keyCount).fill(this.now())
  }

  take(keyIndex: number): RateLimitDecision {
    const now = this.now()
    const refilled = (((now - (this.updatedAt[keyIndex] as number)) / 1000) * this.rate) as number
    let tokens = Math.min(this.capacity, (this.tokens[keyIndex] as number) + refilled)
    this.updatedAt[keyIndex] = now
    const allowed = tokens >= 1
    if (allowed) tokens -= 1
    this.tokens[keyIndex] = tokens
    return bucketDecision(allowed, tokens, this.rate, this.capacity)
  }
}

/** The decision for a bucket left holding `tokens` after a request was (or was not) allowed. */
export function bucketDecision(
  allowed: boolean,
  tokens: number,
  rate: number,
  capacity: number,
): RateLimitDecision {
  return {
    allowed,
    limit: capacity,
    remaining: Math.floor(tokens),
    reset: Math.ceil((capacity - tokens) / rate),
    retryAfter: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate)),
  }
}

/**
 * What the API gate needs of a limiter: the in-process one answers at once, a shared one (Redis) may answer
 * later. One bucket per key, by the key's index in the key ring.
 */
export interface KeyRateLimiter {
  readonly rate: number
  readonly capacity: number
  take(keyIndex: number): RateLimitDecision | Promise<RateLimitDecision>
}
