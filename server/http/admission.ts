import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ApiGate, GateOutcome } from './api-gate'
import { sendError } from './errors'

/** Runs the API gate for a Fastify request: answers a refusal, or adds the RateLimit headers; true to go on. */
export type Admit = (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>

export function admission(gate: ApiGate): Admit {
  return (request, reply) => {
    const apply = (outcome: GateOutcome) => {
      request.keyId = outcome.keyId
      reply.headers(outcome.headers)
      if (outcome.ok) return true
      sendError(reply, outcome.status, outcome.message)
      return false
    }
    const outcome = gate.check(request.headers.authorization, request.ip)
    return outcome instanceof Promise ? outcome.then(apply) : apply(outcome)
  }
}

/** Calls `next` with the admission's answer, at once or when it settles. */
export function whenAdmitted(admitted: boolean | Promise<boolean>, next: (admitted: boolean) => void): void {
  if (admitted instanceof Promise) admitted.then(next, () => next(false))
  else next(admitted)
}
