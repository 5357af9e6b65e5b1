import { LRUCache } from 'lru-cache'

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
 * Token buckets by name (a key, an address): `rate` tokens a second, at most `capacity`. The seam for another
 * store (RedisRateLimiter, shared by replicas): whatever keeps the buckets, a take answers a decision,
 * at once or later.
 */
export interface RateLimiter {
  readonly rate: number
  readonly capacity: number
  take(bucket: string): RateLimitDecision | Promise<RateLimitDecision>
}

type Bucket = { tokens: number; updatedAt: number }

/** Buckets kept at most: a forgotten bucket comes back full, so the bound only ever errs on the lenient side. */
const MAX_BUCKETS = 100_000

/**
 * Token buckets in this process: a bucket may send a burst of `capacity` at once and then `rate` requests a
 * second, with no window edges to game. Buckets live in a bounded LRU (names are at most an address long).
 */
export class TokenBucketLimiter implements RateLimiter {
  static readonly BURST_FACTOR = 4
  readonly capacity: number
  private readonly buckets = new LRUCache<string, Bucket>({ max: MAX_BUCKETS })

  constructor(
    readonly rate: number,
    private readonly now: () => number = () => performance.now(),
    capacity?: number,
  ) {
    this.capacity = capacity ?? rate * TokenBucketLimiter.BURST_FACTOR
  }

  /** Takes `cost` tokens (1 by default, at most the capacity) when the bucket holds them. */
  take(bucketName: string, cost = 1): RateLimitDecision {
    const bucket = this.refilled(bucketName)
    const allowed = bucket.tokens >= cost
    if (allowed) bucket.tokens -= cost
    return bucketDecision(allowed, bucket.tokens, this.rate, this.capacity)
  }

  /**
   * Takes `amount` more tokens for work already done (found to cost more than was taken before it): the bucket
   * may go below empty, and then allows nothing until it has refilled that far.
   */
  debit(bucketName: string, amount: number): void {
    this.refilled(bucketName).tokens -= amount
  }

  private refilled(bucketName: string): Bucket {
    const now = this.now()
    let bucket = this.buckets.get(bucketName)
    if (bucket === undefined) {
      bucket = { tokens: this.capacity, updatedAt: now }
      this.buckets.set(bucketName, bucket)
    }
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.rate)
    bucket.updatedAt = now
    return bucket
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

/** Refused keys from one client address: 20 a second, bursts of 100 (contract §10). */
export const REFUSED_KEY_RATE = 20
export const REFUSED_KEY_BURST = 100
