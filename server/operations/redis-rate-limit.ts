import { createHash } from 'node:crypto'
import { Redis, type Result } from 'ioredis'
import {
  bucketDecision,
  type KeyRateLimiter,
  type RateLimitDecision,
  TokenBucketLimiter,
} from '../http/rate-limit'

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

/** A key's bucket name in Redis: a digest of the key, never the key. The same on every replica. */
export function bucketName(key: string): string {
  return `catalogue:rate:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`
}

export interface RedisRateLimiterOptions {
  url: string
  rate: number
  /** Longest a request waits for Redis (ms); default REDIS_TIMEOUT_MS. */
  timeout?: number
  /** The accepted keys, in the key ring's order. */
  keys: readonly string[]
  /** One line when Redis stops answering, one when it is back. */
  say: (line: string, level: 'warn' | 'info') => void
  /** Counts each switch to the in-process buckets. */
  onFallback?: () => void
}

interface Waiting {
  keyIndex: number
  resolve: (decision: RateLimitDecision) => void
}

/**
 * Per-key token buckets shared by every replica through one Redis server: one script call per request. When
 * Redis fails or takes longer than REDIS_TIMEOUT_MS, every waiting request and every later one is answered by
 * in-process buckets (at once, no more waiting) until a probe finds Redis answering again. During such an
 * outage each replica limits on its own, so the shared limit can be exceeded by up to one burst per replica.
 */
export class RedisRateLimiter implements KeyRateLimiter {
  readonly rate: number
  readonly capacity: number
  private readonly redis: Redis
  private readonly buckets: string[]
  private readonly fallback: TokenBucketLimiter
  private readonly waiting = new Set<Waiting>()
  private readonly timeout: number
  private shared = true
  private probe: NodeJS.Timeout | null = null

  constructor(private readonly options: RedisRateLimiterOptions) {
    this.rate = options.rate
    this.timeout = options.timeout ?? REDIS_TIMEOUT_MS
    this.fallback = new TokenBucketLimiter(options.rate, options.keys.length)
    this.capacity = this.fallback.capacity
    this.buckets = options.keys.map(bucketName)
    this.redis = new Redis(options.url, {
      // Never queue a command while disconnected: fail at once and let the in-process buckets answer.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => PROBE_INTERVAL_MS,
      connectTimeout: 1000,
    })
    // Connection errors are reported once, through the switch to in-process buckets, not per retry.
    this.redis.on('error', () => {})
    this.redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE_TOKEN })
  }

  /**
   * Waits (at most `timeout` ms) for the first connection; without one, the in-process buckets answer from the
   * start (with the one warning) until Redis can be reached.
   */
  async connect(timeout = 2000): Promise<boolean> {
    if (this.redis.status === 'ready') return true
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.redis.off('ready', onReady)
        resolve(false)
      }, timeout)
      const onReady = () => {
        clearTimeout(timer)
        resolve(true)
      }
      this.redis.once('ready', onReady)
    })
    if (!ready) this.standIn(`cannot connect within ${timeout} ms`)
    return ready
  }

  /** Whether decisions come from Redis now (false while in-process buckets stand in). */
  get usingRedis(): boolean {
    return this.shared
  }

  take(keyIndex: number): RateLimitDecision | Promise<RateLimitDecision> {
    if (!this.shared) return this.fallback.take(keyIndex)
    return new Promise((resolve) => {
      const entry: Waiting = { keyIndex, resolve }
      this.waiting.add(entry)
      const timer = setTimeout(() => this.standIn(`no answer within ${this.timeout} ms`), this.timeout)
      this.redis.takeToken(this.buckets[keyIndex] as string, this.rate, this.capacity).then(
        ([allowed, tokens]) => {
          clearTimeout(timer)
          if (!this.waiting.delete(entry)) return
          resolve(bucketDecision(allowed === 1, Number(tokens), this.rate, this.capacity))
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
    for (const entry of this.waiting) entry.resolve(this.fallback.take(entry.keyIndex))
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
