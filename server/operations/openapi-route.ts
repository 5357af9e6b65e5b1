import type { FastifyInstance } from 'fastify'
import { OPENAPI_PATH, openApiDocument } from '../../src/catalogue/openapi'
import examples from '../../src/catalogue/openapi-examples.json'
import type { ServiceExtensions } from '../catalogue/service-extensions'
import { Representation, sendRepresentation } from '../http/representation'

/**
 * `GET /openapi.json`: the API's OpenAPI 3.1 document, made once at start-up from the contract's schemas, with
 * the configured public address as its server (relative addresses otherwise), and the views extension marked
 * when it is on (search and characters too, when the catalogue answers them). No key; CORS like the API.
 */
export function registerOpenApiRoute(
  app: FastifyInstance,
  publicUrl: string | null,
  extensions: ServiceExtensions,
): void {
  const body = new Representation(
    JSON.stringify(openApiDocument({ examples, serverUrl: publicUrl, ...extensions })),
  )
  app.get(OPENAPI_PATH, (request, reply) => sendRepresentation(request, reply, body))
}
