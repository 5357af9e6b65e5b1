import { createHash } from 'node:crypto'
import { Redis, type Result } from 'ioredis'
import {
  bucketDecision,
  type RateLimitDecision,
  type RateLimiter,
  TokenBucketLimiter,
} from '../http/rate-limit'
import type { StreamLeases } from '../http/stream-leases'
import { RedisStreamLeases, STREAM_LEASE_TTL_MS } from './redis-stream-leases'

declare module 'ioredis' {
  interface RedisCommander<Context> {
    takeToken(bucket: string, rate: number, capacity: number): Result<[number, string], Context>
  }
}

/** Longest a request waits for Redis before the in-process buckets answer it (ms), unless configured. */
export const REDIS_TIMEOUT_MS = 50
/** How often a Redis that stopped answering is asked again while in-process buckets stand in (ms). */
const PROBE_INTERVAL_MS = 250

/**
 * One token bucket, taken from in one atomic step on the Redis server with the Redis server's clock (so the
 * replicas' clocks do not matter): refill since the last request, take one token if there is one, keep the
 * state until the bucket would be full anyway. The same arithmetic as TokenBucketLimiter. The tokens come back
 * as a string: Redis turns Lua numbers into integers.
 */
const TAKE_TOKEN = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local rate = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = capacity
  at = now
end
tokens = math.min(capacity, tokens + math.max(0, now - at) / 1000 * rate)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate * 1000) + 1000)
return { allowed, tostring(tokens) }
`

/**
 * A bucket's name in Redis: a digest of what it limits (a key, never shown; an address), the same on every
 * replica whatever the order of its configured keys.
 */
export function bucketName(limited: string, kind: 'rate' | 'stream' = 'rate'): string {
  return `catalogue:${kind}:${createHash('sha256').update(limited).digest('hex').slice(0, 16)}`
}

/**
 * What Redis said when it refused the connection's credentials, as a sentence (never the password), or null
 * for any other error (not reachable, reset…).
 */
export function refusalOf(error: Error): string | null {
  const message = error.message
  if (/^(WRONGPASS|ERR invalid password|ERR AUTH)/i.test(message))
    return 'Redis refused the connection: the password (or user) in CATALOGUE_REDIS_URL is not accepted'
  if (/^NOAUTH/i.test(message))
    return 'Redis refused the connection: it needs a password, and CATALOGUE_REDIS_URL gives none'
  return null
}

/** The gate's bucket for the key at index N of the key ring (see ApiGate). */
const KEY_BUCKET = /^key:(\d+)$/

export interface RedisRateLimiterOptions {
  url: string
  rate: number
  /** Tokens a bucket holds at most; default the rate times TokenBucketLimiter.BURST_FACTOR. */
  capacity?: number
  /** Longest a request waits for Redis (ms); default REDIS_TIMEOUT_MS. */
  timeout?: number
  /** The accepted keys, in the key ring's order (the gate names a key's bucket by its index). */
  keys: readonly string[]
  /** One line when Redis stops answering, one when it is back. */
  say: (line: string, level: 'warn' | 'info') => void
  /** Counts each switch to the in-process buckets. */
  onFallback?: () => void
}

interface Waiting {
  bucket: string
  /** The in-process buckets that answer it if Redis does not. */
  fallback: TokenBucketLimiter
  resolve: (decision: RateLimitDecision) => void
}

/**
 * Token buckets (per key, per address) shared by every replica through one Redis server: one script call per request. When
 * Redis fails or takes longer than REDIS_TIMEOUT_MS, every waiting request and every later one is answered by
 * in-process buckets (at once, no more waiting) until a probe finds Redis answering again. During such an
 * outage each replica limits on its own, so the shared limit can be exceeded by up to one burst per replica.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly rate: number
  readonly capacity: number
  private readonly redis: Redis
  private readonly fallback: TokenBucketLimiter
  private readonly waiting = new Set<Waiting>()
  private readonly timeout: number
  private shared = true
  private probe: NodeJS.Timeout | null = null
  /** Why Redis refused the connection (a password it does not accept), once it has said so. */
  private refusal: string | null = null

  constructor(private readonly options: RedisRateLimiterOptions) {
    this.rate = options.rate
    this.timeout = options.timeout ?? REDIS_TIMEOUT_MS
    this.fallback = new TokenBucketLimiter(options.rate, undefined, options.capacity)
    this.capacity = this.fallback.capacity
    this.redis = new Redis(options.url, {
      // Never queue a command while disconnected: fail at once and let the in-process buckets answer.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => PROBE_INTERVAL_MS,
      connectTimeout: 1000,
    })
    // Connection errors are reported once, through the switch to in-process buckets, not per retry.
    this.redis.on('error', (error: Error) => {
      this.refusal = refusalOf(error) ?? this.refusal
    })
    this.redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE_TOKEN })
  }

  /**
   * Waits (at most `timeout` ms) for the first connection; without one, the in-process buckets answer from the
   * start (with the one warning) until Redis can be reached.
   */
  async connect(timeout = 2000): Promise<boolean> {
    if (this.redis.status === 'ready') return true
    const ready = await new Promise<boolean>((resolve) => {
      const finish = (ok: boolean) => {
        clearTimeout(timer)
        this.redis.off('ready', onReady)
        this.redis.off('error', onError)
        resolve(ok)
      }
      const timer = setTimeout(() => finish(false), timeout)
      const onReady = () => finish(true)
      // A refusal is final for this start: say so at once rather than wait out the timeout.
      const onError = (error: Error) => {
        if (refusalOf(error) !== null) finish(false)
      }
      this.redis.once('ready', onReady)
      this.redis.on('error', onError)
    })
    if (!ready) this.standIn(this.refusal ?? `cannot connect within ${timeout} ms`)
    return ready
  }

  /** Whether decisions come from Redis now (false while in-process buckets stand in). */
  get usingRedis(): boolean {
    return this.shared
  }

  /** The Redis key of a bucket the gate names (`key:0`, `demo:198.51.100.7`, `refused:…`). */
  private redisKey(bucket: string): string {
    const key = KEY_BUCKET.exec(bucket)
    const configured = key ? this.options.keys[Number(key[1])] : undefined
    return bucketName(configured ?? bucket)
  }

  /**
   * The streams' leases (one stream at a time per rate bucket, contract §12) on the same connection, shared by
   * the replicas, and standing in with in-process leases when Redis does not answer, as the buckets do.
   */
  streamLeases(ttlMs = STREAM_LEASE_TTL_MS): StreamLeases {
    return new RedisStreamLeases(this.redis, {
      ttlMs,
      timeout: this.timeout,
      // A stream's bucket is named by the key's id (`key:1a2b3c4d`) or the address, the same on every replica.
      keyOf: (bucket) => bucketName(bucket, 'stream'),
      shared: () => this.shared,
      standIn: (reason) => this.standIn(reason),
    })
  }

  take(bucket: string): RateLimitDecision | Promise<RateLimitDecision> {
    return this.takeFrom(bucket, this.rate, this.capacity, this.fallback)
  }

  /**
   * Buckets of another rate (the refused-key throttle) on the same connection, falling back and coming back
   * with this limiter: one warning and one probe for both.
   */
  withRate(rate: number, capacity: number): RateLimiter {
    const fallback = new TokenBucketLimiter(rate, undefined, capacity)
    return { rate, capacity, take: (bucket) => this.takeFrom(bucket, rate, capacity, fallback) }
  }

  private takeFrom(
    bucket: string,
    rate: number,
    capacity: number,
    fallback: TokenBucketLimiter,
  ): RateLimitDecision | Promise<RateLimitDecision> {
    if (!this.shared) return fallback.take(bucket)
    return new Promise((resolve) => {
      const entry: Waiting = { bucket, fallback, resolve }
      this.waiting.add(entry)
      const timer = setTimeout(() => this.standIn(`no answer within ${this.timeout} ms`), this.timeout)
      this.redis.takeToken(this.redisKey(bucket), rate, capacity).then(
        ([allowed, tokens]) => {
          clearTimeout(timer)
          if (!this.waiting.delete(entry)) return
          resolve(bucketDecision(allowed === 1, Number(tokens), rate, capacity))
        },
        (error: unknown) => {
          clearTimeout(timer)
          this.standIn(error instanceof Error ? error.message : String(error))
        },
      )
    })
  }

  /** Switches to the in-process buckets: answers everything waiting, warns once, and starts probing. */
  private standIn(reason: string): void {
    if (this.shared) {
      this.shared = false
      this.options.onFallback?.()
      this.options.say(
        `Rate limits: Redis is not answering (${reason}); each replica limits on its own until it is back.`,
        'warn',
      )
      this.probe = setInterval(() => this.tryRedis(), PROBE_INTERVAL_MS)
      this.probe.unref()
    }
    for (const entry of this.waiting) entry.resolve(entry.fallback.take(entry.bucket))
    this.waiting.clear()
  }

  private probing = false

  private tryRedis(): void {
    if (this.probing || this.redis.status !== 'ready') return
    this.probing = true
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), this.timeout).unref(),
    )
    Promise.race([this.redis.ping(), timeout]).then(
      () => {
        this.probing = false
        if (this.shared) return
        this.shared = true
        if (this.probe) clearInterval(this.probe)
        this.probe = null
        this.options.say(
          'Rate limits: Redis is answering again; limits are shared by the replicas again.',
          'info',
        )
      },
      () => {
        this.probing = false
      },
    )
  }

  async close(): Promise<void> {
    if (this.probe) clearInterval(this.probe)
    this.redis.disconnect()
  }
}
