import { randomUUID } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { isIrregularApiPath } from './api-paths'
import { CORS_ANSWER_HEADERS } from './cors'
import { ALLOW, ERROR_CACHE_CONTROL, errorBody, JSON_CONTENT_TYPE, MESSAGES } from './errors'
import { callerRequestId, loggedPath, type RequestLog } from './request-log'

/**
 * Answers for requests that never reach Fastify's routes: what Node's HTTP parser refuses, an `Expect` it
 * cannot meet, and `CONNECT`. Each gets the same JSON error body, CORS header and log line as every other
 * refusal, never an empty answer or a dropped connection.
 */
type Refusal = { status: number; reason: string; message: string; headers?: Record<string, string> }

const NOT_HTTP: Refusal = {
  status: 400,
  reason: 'Bad Request',
  message: 'The request is not valid HTTP/1.1.',
}
const METHOD_NOT_ALLOWED: Refusal = {
  status: 405,
  reason: 'Method Not Allowed',
  message: MESSAGES.methodNotAllowed,
  headers: { allow: ALLOW },
}

const PARSER_REFUSALS: Record<string, Refusal> = {
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

/** The headers of an error answer written outside Fastify (here, and by the response cache's gate). */
export function rawErrorHeaders(
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

function headersOf(refusal: Refusal, body: string): Record<string, string> {
  return { ...rawErrorHeaders(refusal.headers, body), connection: 'close' }
}

/**
 * Writes a whole answer on a connection no response object exists for, then closes it (without waiting for
 * the client to close its side). When an answer is already on its way on that connection (a pipelined request
 * refused mid-response), a second one would corrupt it: the connection is only closed.
 */
function refuseOnSocket(socket: Duplex, refusal: Refusal): number {
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    ?.headersSent
  if (!socket.writable || answering) {
    socket.destroy()
    return 0
  }
  const body = errorBody(refusal.message)
  const head = Object.entries(headersOf(refusal, body))
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
function requestLineOf(rawPacket: unknown): [method: string, url: string] {
  const match = Buffer.isBuffer(rawPacket) ? REQUEST_LINE.exec(rawPacket.toString('latin1', 0, 2200)) : null
  return match ? [match[1] as string, match[2] as string] : ['-', '-']
}

/** Fastify's `clientErrorHandler`: answers what Node's parser refused. */
export function answerClientError(
  error: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Duplex,
  requests: RequestLog,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const refusal = PARSER_REFUSALS[error.code ?? ''] ?? NOT_HTTP
  const bytes = refuseOnSocket(socket, refusal)
  const [method, url] = requestLineOf(error.rawPacket)
  logRefusal(requests, method, url, refusal.status, 0, bytes, socket)
}

function logRefusal(
  requests: RequestLog,
  method: string,
  url: string,
  status: number,
  ms: number,
  bytes: number,
  socket: Duplex,
): void {
  const client = (socket as Duplex & { remoteAddress?: string }).remoteAddress ?? '-'
  requests.write({
    reqId: randomUUID(),
    method,
    path: url === '-' ? url : loggedPath(url),
    status,
    ms,
    bytes,
    client,
  })
}

const IRREGULAR_PATH: Refusal = { status: 400, reason: 'Bad Request', message: MESSAGES.irregularPath }

/**
 * Refuses, before routing, a target under `/v1` spelled with dot or empty segments (see isIrregularApiPath);
 * true when it did.
 */
export function refuseIrregularPath(
  request: IncomingMessage,
  response: ServerResponse,
  requests: RequestLog,
): boolean {
  if (!isIrregularApiPath(request.url ?? '/')) return false
  const started = performance.now()
  const body = errorBody(IRREGULAR_PATH.message)
  const reqId = callerRequestId(request.headers['x-request-id'])
  response.writeHead(IRREGULAR_PATH.status, { ...rawErrorHeaders(undefined, body), 'x-request-id': reqId })
  response.end(request.method === 'HEAD' ? undefined : body)
  logRefusal(
    requests,
    request.method ?? '-',
    request.url ?? '-',
    400,
    performance.now() - started,
    body.length,
    request.socket,
  )
  return true
}

/** Answers `Expect` values other than `100-continue` (417) and `CONNECT` (405), which Node keeps from Fastify. */
export function answerOutsideRoutes(server: Server, requests: RequestLog): void {
  server.on('checkExpectation', (request, response) => {
    const started = performance.now()
    const refusal: Refusal = {
      status: 417,
      reason: 'Expectation Failed',
      message: 'The service cannot meet the Expect header; send the request without it.',
    }
    const body = errorBody(refusal.message)
    response.writeHead(refusal.status, headersOf(refusal, body)).end(body)
    const ms = performance.now() - started
    logRefusal(
      requests,
      request.method ?? '-',
      request.url ?? '-',
      refusal.status,
      ms,
      body.length,
      request.socket,
    )
  })
  server.on('connect', (_request, socket) => {
    const bytes = refuseOnSocket(socket, METHOD_NOT_ALLOWED)
    logRefusal(requests, 'CONNECT', '-', METHOD_NOT_ALLOWED.status, 0, bytes, socket)
  })
}
