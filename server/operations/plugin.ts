import type { FastifyInstance, FastifyReply } from 'fastify'
import { ERROR_CACHE_CONTROL, errorBody, JSON_CONTENT_TYPE } from '../http/errors'
import { registerOpenApiRoute } from './openapi-route'

export const HEALTH_PATH = '/healthz'
export const READY_PATH = '/readyz'

export interface OperationsOptions {
  /** The public base, named as the OpenAPI document's server; null for relative addresses. */
  publicUrl: string | null
  /** The records served now (asked at each request, so a reloaded dataset shows). */
  counts: () => Record<string, number>
  /** True during the drain delay after SIGTERM: not ready, though still serving. */
  draining?: () => boolean
}

function sendJson(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', JSON_CONTENT_TYPE)
    .header('cache-control', ERROR_CACHE_CONTROL)
    .send(body)
}

/**
 * The operations endpoints outside /v1 (contract §10): liveness, readiness with record counts, and the
 * OpenAPI document. Never behind the key. Metrics have their own listener (see metrics-server.ts).
 */
export function registerOperations(app: FastifyInstance, options: OperationsOptions): void {
  const draining = options.draining ?? (() => false)
  app.get(HEALTH_PATH, (_request, reply) => sendJson(reply, 200, '{"status":"ok"}'))
  app.get(READY_PATH, (_request, reply) => {
    if (draining())
      return sendJson(
        reply,
        503,
        errorBody('The service is shutting down: send new requests to another replica.'),
      )
    return sendJson(reply, 200, JSON.stringify({ status: 'ready', ...options.counts() }))
  })
  registerOpenApiRoute(app, options.publicUrl)
}
