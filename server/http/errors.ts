import type { FastifyReply } from 'fastify'
import { API_PREFIX, COLLECTIONS, joinWithAnd, MAX_IDS } from '../../src/catalogue'

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

/** The methods the API answers; any other is refused with 405 and this list in `Allow`. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const
export const ALLOW = ALLOWED_METHODS.join(', ')

/** Refusals are about one request at one moment: no cache may keep them. */
export const ERROR_CACHE_CONTROL = 'no-store'

/** The contract's error body: `{"error": "<sentence>"}`. */
export function errorBody(message: string): string {
  return JSON.stringify({ error: message })
}

/** Sends the contract's error body as JSON. */
export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply
    .code(statusCode)
    .header('content-type', JSON_CONTENT_TYPE)
    .header('cache-control', ERROR_CACHE_CONTROL)
    .send(errorBody(message))
}

/** Refuses a method the API does not answer: 405 with `Allow`. */
export function sendMethodNotAllowed(reply: FastifyReply): FastifyReply {
  reply.header('allow', ALLOW)
  return sendError(reply, 405, MESSAGES.methodNotAllowed)
}

const servedPaths = COLLECTIONS.flatMap((collection) => [collection.listPath, `${collection.itemPath}/{ids}`])

export const MESSAGES = {
  unknownPath: `There is nothing at this address: the catalogue serves ${joinWithAnd(servedPaths)}.`,
  notFound: 'There is nothing at this address.',
  otherVersion: `This version of the API does not exist; the catalogue is served under ${API_PREFIX}.`,
  methodNotAllowed: `Only ${ALLOWED_METHODS.slice(0, -1).join(', ')} and ${ALLOWED_METHODS.at(-1)} are allowed here.`,
  badRequest: 'The request is malformed.',
  badUrl:
    'The address is malformed: check its form and its percent-encoded sequences (such as %C3%A9 for é).',
  irregularPath:
    'The address has a dot segment or an empty segment (such as /./, /../ or //): write the path without them, such as /v1/locations/1.',
  tooLong: `The address is too long: at most ${MAX_IDS} identifiers may be requested at once.`,
  badHost:
    'The Host header must be a host name or address of at most 255 characters (labels of at most 63), optionally with a port.',
  twoHosts: 'A request must have one Host header, not several.',
  missingHost: 'An HTTP/1.1 request must have a Host header.',
  internal: 'Something went wrong on the server; please try again.',
} as const
