import type { FastifyReply, FastifyRequest } from 'fastify'
import type { KeyRing } from './auth'
import { sendError } from './errors'
import type { TokenBucketLimiter } from './rate-limit'

/**
 * The checks every API request passes, in order: the key (401), then the key's rate (429). Answers the
 * request and returns false when it must stop here; otherwise adds the RateLimit headers and returns true.
 */
export function createApiGate(keys: KeyRing, limiter: TokenBucketLimiter | null) {
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const auth = keys.check(request.headers.authorization)
    if (!auth.ok) {
      reply.header('www-authenticate', auth.challenge)
      sendError(reply, 401, auth.message)
      return false
    }
    if (!limiter) return true
    const decision = limiter.take(auth.keyIndex)
    reply.header('ratelimit-limit', decision.limit)
    reply.header('ratelimit-remaining', decision.remaining)
    reply.header('ratelimit-reset', decision.reset)
    if (decision.allowed) return true
    const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
    reply.header('retry-after', decision.retryAfter)
    sendError(
      reply,
      429,
      `Too many requests: each key may make ${plural(limiter.rate, 'request')} a second, in bursts of up to ${limiter.capacity}; retry in ${plural(decision.retryAfter, 'second')}.`,
    )
    return false
  }
}
