import type { FastifyReply, FastifyRequest } from 'fastify'
import type { KeyRing } from './auth'
import { sendError } from './errors'
import type { KeyRateLimiter, RateLimitDecision } from './rate-limit'

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.reset),
  }
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfter)
  return headers
}

export function tooManyRequests(limiter: KeyRateLimiter, decision: RateLimitDecision): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
  return `Too many requests: each key may make ${plural(limiter.rate, 'request')} a second, in bursts of up to ${limiter.capacity}; retry in ${plural(decision.retryAfter, 'second')}.`
}

/**
 * The checks every API request passes, in order: the key (401), then the key's rate (429). Answers the
 * request and returns false when it must stop here; otherwise adds the RateLimit headers and returns true.
 * With a shared limiter (Redis) the answer may come later, as a promise.
 */
export function createApiGate(keys: KeyRing, limiter: KeyRateLimiter | null) {
  return (request: FastifyRequest, reply: FastifyReply): boolean | Promise<boolean> => {
    const auth = keys.check(request.headers.authorization)
    if (!auth.ok) {
      reply.header('www-authenticate', auth.challenge)
      sendError(reply, 401, auth.message)
      return false
    }
    if (!limiter) return true
    const decided = (decision: RateLimitDecision): boolean => {
      reply.headers(rateLimitHeaders(decision))
      if (decision.allowed) return true
      sendError(reply, 429, tooManyRequests(limiter, decision))
      return false
    }
    const decision = limiter.take(auth.keyIndex)
    return decision instanceof Promise ? decision.then(decided) : decided(decision)
  }
}

/** Runs `next` once the gate has let the request through (at once, or when a shared limiter has answered). */
export function whenAdmitted(admitted: boolean | Promise<boolean>, next: () => void): void {
  if (admitted === true) next()
  else if (admitted !== false) admitted.then((through) => through && next())
}
