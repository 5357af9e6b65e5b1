import type { FastifyReply } from 'fastify'

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** A refusal a client can act on: the status and one sentence for the `{"error": …}` body. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Sends the contract's error body: `{"error": "<sentence>"}` as JSON. */
export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply
    .code(statusCode)
    .header('content-type', JSON_CONTENT_TYPE)
    .send(JSON.stringify({ error: message }))
}

export const MESSAGES = {
  unknownPath:
    'There is nothing at this address: the catalogue serves /v1/locations, /v1/locations/{ids}, /v1/episodes/ and /v1/episodes/{ids}.',
  notFound: 'There is nothing at this address.',
  otherVersion: 'This version of the API does not exist; the catalogue is served under /v1.',
  methodNotAllowed: 'Only GET, HEAD and OPTIONS are allowed here.',
  badRequest: 'The request is malformed.',
  badUrl: 'The address is malformed: it holds an invalid percent-encoded sequence.',
  tooLong: 'The address is too long: at most 500 identifiers may be requested at once.',
  badHost: 'The Host header must be a host name or address, optionally with a port.',
  internal: 'Something went wrong on the server; please try again.',
} as const
