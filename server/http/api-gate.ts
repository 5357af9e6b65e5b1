import type { KeyRing } from './auth'
import type { RateLimitDecision, RateLimiter } from './rate-limit'

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.reset),
  }
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfter)
  return headers
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

function tooManyRequests(limiter: RateLimiter, decision: RateLimitDecision, demo: boolean): string {
  const who = demo ? 'the demo key may make' : 'each key may make'
  const where = demo ? ' from each address' : ''
  return `Too many requests: ${who} ${plural(limiter.rate, 'request')} a second${where}, in bursts of up to ${limiter.capacity}; retry in ${plural(decision.retryAfter, 'second')}.`
}

function tooManyRefusedKeys(decision: RateLimitDecision): string {
  return `Too many requests with a key that is not valid from this address; retry in ${plural(decision.retryAfter, 'second')}.`
}

/** What the gate decided: go on (with the RateLimit headers to send), or the refusal to send. Shared: never change it. */
export type GateOutcome =
  | { ok: true; keyId: string; headers: Record<string, string> }
  | { ok: false; status: 401 | 429; message: string; headers: Record<string, string>; keyId?: string }

const NO_HEADERS: Record<string, string> = {}

/**
 * The checks every API request passes, in order, whichever code answers it: the key (401; refused keys are
 * throttled per client address, 429), then the key's rate (429; the demo key's per client address).
 */
export class ApiGate {
  /** Without a limiter, the outcome for each accepted key is always the same: made once. */
  private readonly unlimited = new Map<number, GateOutcome>()

  constructor(
    private readonly keys: KeyRing,
    /** Requests per key (or per address for the demo key), or null for no limit. */
    private readonly limiter: RateLimiter | null,
    /** Refused keys per client address. */
    private readonly refusedKeys: RateLimiter,
    private readonly demo: boolean,
  ) {}

  check(authorization: string | undefined, client: string): GateOutcome | Promise<GateOutcome> {
    const auth = this.keys.check(authorization)
    if (!auth.ok) {
      const refusal: GateOutcome = {
        ok: false,
        status: 401,
        message: auth.message,
        headers: { 'www-authenticate': auth.challenge },
        ...(auth.keyId === undefined ? {} : { keyId: auth.keyId }),
      }
      // A caller that sends no key at all is only told to send one; one that sends keys is throttled.
      if (authorization === undefined || authorization === '') return refusal
      return then(this.refusedKeys.take(`refused:${client}`), (decision) =>
        decision.allowed
          ? refusal
          : {
              ...refusal,
              status: 429,
              message: tooManyRefusedKeys(decision),
              headers: { 'retry-after': String(decision.retryAfter) },
            },
      )
    }
    const { limiter } = this
    if (!limiter) {
      let outcome = this.unlimited.get(auth.keyIndex)
      if (outcome === undefined) {
        outcome = { ok: true, keyId: auth.keyId, headers: NO_HEADERS }
        this.unlimited.set(auth.keyIndex, outcome)
      }
      return outcome
    }
    const bucket = this.demo ? `demo:${client}` : `key:${auth.keyIndex}`
    return then(limiter.take(bucket), (decision) =>
      decision.allowed
        ? { ok: true, keyId: auth.keyId, headers: rateLimitHeaders(decision) }
        : {
            ok: false,
            status: 429,
            message: tooManyRequests(limiter, decision, this.demo),
            headers: rateLimitHeaders(decision),
            keyId: auth.keyId,
          },
    )
  }
}

/** Applies `next` at once to a plain value (the in-process store), or when a promise settles (another store). */
function then<In, Out>(value: In | Promise<In>, next: (value: In) => Out): Out | Promise<Out> {
  return value instanceof Promise ? value.then(next) : next(value)
}
