import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { LocalStreamLeases, type StreamLease, type StreamLeases } from '../http/stream-leases'

/**
 * How long a stream's lease lives in Redis without being renewed (ms): a replica that dies mid-stream (or
 * loses Redis) frees its buckets' streams this long after its last renewal at most.
 */
export const STREAM_LEASE_TTL_MS = 15_000

/** Gives a lease back only if it is still this holder's (an expired one may be another replica's by now). */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`
/** Extends a lease only if it is still this holder's. */
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`

export interface RedisStreamLeasesOptions {
  /** The lease's life without renewal (ms); renewed every third of it while the stream runs. */
  ttlMs: number
  /** Longest a take waits for Redis (ms) before the in-process leases answer it. */
  timeout: number
  /** The Redis key of a rate bucket's stream lease (the same on every replica). */
  keyOf(bucket: string): string
  /** Whether Redis answers now (false while in-process state stands in for it). */
  shared(): boolean
  /** Redis did not answer: switch to in-process state (and say so once). */
  standIn(reason: string): void
}

/**
 * One stream at a time per rate bucket across every replica: a lease is a Redis key set only if absent, with
 * an expiry renewed while the stream runs and deleted when it ends, so a dead replica's lease lapses by
 * itself. While Redis does not answer, each replica keeps its own leases (as its rate limits do).
 */
export class RedisStreamLeases implements StreamLeases {
  private readonly local = new LocalStreamLeases()

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisStreamLeasesOptions,
  ) {}

  take(bucket: string): StreamLease | null | Promise<StreamLease | null> {
    if (!this.options.shared()) return this.local.take(bucket)
    const key = this.options.keyOf(bucket)
    const token = randomUUID()
    const { ttlMs, timeout } = this.options
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeout)
    })
    return Promise.race([this.redis.set(key, token, 'PX', ttlMs, 'NX'), late]).then(
      (answer) => {
        clearTimeout(timer)
        if (answer === 'late') {
          this.options.standIn(`no answer within ${timeout} ms`)
          // The key may still be set once Redis answers: it lapses by itself.
          return this.local.take(bucket)
        }
        return answer === 'OK' ? this.lease(key, token) : null
      },
      (error: unknown) => {
        clearTimeout(timer)
        this.options.standIn(error instanceof Error ? error.message : String(error))
        return this.local.take(bucket)
      },
    )
  }

  private lease(key: string, token: string): StreamLease {
    const { ttlMs } = this.options
    const renewal = setInterval(() => {
      this.redis.eval(RENEW, 1, key, token, String(ttlMs)).catch(() => undefined)
    }, ttlMs / 3)
    renewal.unref()
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        clearInterval(renewal)
        this.redis.eval(RELEASE, 1, key, token).catch(() => undefined)
      },
    }
  }
}
