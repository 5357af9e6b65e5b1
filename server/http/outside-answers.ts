import type { Duplex } from 'node:stream'
import { CORS_ANSWER_HEADERS } from './cors'
import { ALLOW, ERROR_CACHE_CONTROL, errorBody, JSON_CONTENT_TYPE, MESSAGES } from './errors'

/**
 * The refusals answered outside Fastify (see FrontDoor) and how they are written: each gets the same JSON
 * error body and CORS header as every other refusal, never an empty answer or a dropped connection.
 */
export type Refusal = { status: number; reason: string; message: string; headers?: Record<string, string> }

export const NOT_HTTP: Refusal = {
  status: 400,
  reason: 'Bad Request',
  message: 'The request is not valid HTTP/1.1.',
}
export const METHOD_NOT_ALLOWED: Refusal = {
  status: 405,
  reason: 'Method Not Allowed',
  message: MESSAGES.methodNotAllowed,
  headers: { allow: ALLOW },
}
export const EXPECTATION_FAILED: Refusal = {
  status: 417,
  reason: 'Expectation Failed',
  message: 'The service cannot meet the Expect header; send the request without it.',
  // The body the client holds back would otherwise be read as the next request.
  headers: { connection: 'close' },
}
export const IRREGULAR_PATH: Refusal = { status: 400, reason: 'Bad Request', message: MESSAGES.irregularPath }

/** What Node's HTTP parser refuses, by its error code. */
export const PARSER_REFUSALS: Record<string, Refusal> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The address or the headers of the request are too long.',
  },
  HPE_INVALID_URL: {
    status: 400,
    reason: 'Bad Request',
    message:
      'The address is not valid: it must be percent-encoded ASCII (non-ASCII letters as UTF-8 bytes, such as %C3%A9 for é).',
  },
  // A method Node does not know, such as FOO: as refused as any other method the API does not answer.
  HPE_INVALID_METHOD: METHOD_NOT_ALLOWED,
}

/** The headers of an error answer written outside Fastify: the one place CORS is set there. */
export function errorHeaders(
  extra: Record<string, string> | undefined,
  body: string,
): Record<string, string> {
  return {
    ...CORS_ANSWER_HEADERS,
    ...extra,
    'content-type': JSON_CONTENT_TYPE,
    'cache-control': ERROR_CACHE_CONTROL,
    'content-length': String(Buffer.byteLength(body)),
  }
}

/**
 * Writes a whole answer on a connection no response object exists for, then closes it (without waiting for
 * the client to close its side); returns the body's bytes. When an answer is already on its way on that
 * connection (a pipelined request refused mid-response), a second one would corrupt it: the connection is
 * only closed.
 */
export function refuseOnSocket(socket: Duplex, refusal: Refusal): number {
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    ?.headersSent
  if (!socket.writable || answering) {
    socket.destroy()
    return 0
  }
  const body = errorBody(refusal.message)
  const head = Object.entries({ ...errorHeaders(refusal.headers, body), connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.end(`HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n${head}\r\n${body}`, () => socket.destroy())
  return Buffer.byteLength(body)
}

/** A request line: a method token, a target without spaces, and the HTTP version. */
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}) ([\x21-\x7e]{1,2048}) HTTP\/\d\.\d\r?\n/

/**
 * Method and address of a refused request for the log, when the data Node refused starts with its request
 * line. The data may be any later chunk of the request (headers split across packets), so anything else is
 * logged as `- -`: a header value, such as a key, must never reach the log.
 */
export function requestLineOf(rawPacket: unknown): [method: string, url: string] {
  const match = Buffer.isBuffer(rawPacket) ? REQUEST_LINE.exec(rawPacket.toString('latin1', 0, 2200)) : null
  return match ? [match[1] as string, match[2] as string] : ['-', '-']
}
