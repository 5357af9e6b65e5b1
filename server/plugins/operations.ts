import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { LiveCatalogue } from '../catalogue/live-catalogue'
import { ERROR_CACHE_CONTROL, errorBody, JSON_CONTENT_TYPE } from '../http/errors'
import type { Lifecycle } from '../lifecycle'
import { registerOpenApiRoute } from '../operations/openapi-route'
import { HEALTH_PATH, READY_PATH } from '../operations/paths'

export interface OperationsOptions {
  /** The public base, named as the OpenAPI document's server; null for relative addresses. */
  publicUrl: string | null
  /** The catalogue served (asked at each request: a reload shows, and so does a database out of reach). */
  catalogue: LiveCatalogue
  /** Draining during the delay after SIGTERM: not ready, though still serving. */
  lifecycle: Lifecycle
  /** Whether the lists answer views (the document marks the extension only then). */
  views: boolean
  /** Whether the catalogue answers search (contract §13; the document marks it only then). */
  search: boolean
  /** Whether the catalogue answers characters (contract §13; the document marks them only then). */
  characters: boolean
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
 * OpenAPI document. Never behind the key (the API's gate is a hook of the `/v1` scope only); CORS comes from
 * the app-wide registration. Metrics have their own listener (see metrics-server.ts).
 */
export const operations: FastifyPluginAsync<OperationsOptions> = async (scope, options) => {
  const { lifecycle } = options
  scope.get(HEALTH_PATH, (_request, reply) => sendJson(reply, 200, '{"status":"ok"}'))
  scope.get(READY_PATH, (_request, reply) => {
    if (lifecycle.draining)
      return sendJson(
        reply,
        503,
        errorBody('The service is shutting down: send new requests to another replica.'),
      )
    const { unavailable, counts } = options.catalogue
    // Every replica on the same database goes unready together: its proxy then has none to send to.
    if (unavailable !== null) return sendJson(reply, 503, errorBody(unavailable))
    return sendJson(reply, 200, JSON.stringify({ status: 'ready', ...counts }))
  })
  registerOpenApiRoute(scope, options.publicUrl, {
    views: options.views,
    search: options.search,
    characters: options.characters,
  })
}
