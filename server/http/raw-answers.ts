import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { CORS_ANSWER_HEADERS } from './cors'
import { ALLOW, ERROR_CACHE_CONTROL, errorBody, JSON_CONTENT_TYPE, MESSAGES } from './errors'
import { type LogSink, requestLine } from './request-log'

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

function headersOf(refusal: Refusal, body: string): Record<string, string> {
  return {
    ...CORS_ANSWER_HEADERS,
    ...refusal.headers,
    'content-type': JSON_CONTENT_TYPE,
    'cache-control': ERROR_CACHE_CONTROL,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }
}

/** Writes a whole answer on a connection no response object exists for, then closes it. */
function refuseOnSocket(socket: Duplex, refusal: Refusal): void {
  const body = errorBody(refusal.message)
  const head = Object.entries(headersOf(refusal, body))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  if (socket.writable) socket.end(`HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n${head}\r\n${body}`)
  else socket.destroy()
}

/** Method and address from the first line of a refused request, as far as they can be read, for the log. */
function firstLineOf(rawPacket: unknown): [method: string, url: string] {
  const line = Buffer.isBuffer(rawPacket) ? (rawPacket.toString('latin1').split('\r\n', 1)[0] as string) : ''
  const printable = (text: string | undefined) =>
    (text ?? '').replace(/[^\x21-\x7e]/g, '?').slice(0, 200) || '-'
  const [method, url] = line.split(' ')
  return [printable(method), printable(url)]
}

/** Fastify's `clientErrorHandler`: answers what Node's parser refused. */
export function answerClientError(
  error: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Duplex,
  log: LogSink | null,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const refusal = PARSER_REFUSALS[error.code ?? ''] ?? NOT_HTTP
  refuseOnSocket(socket, refusal)
  const [method, url] = firstLineOf(error.rawPacket)
  log?.(requestLine(method, url, refusal.status, 0))
}

/** Answers `Expect` values other than `100-continue` (417) and `CONNECT` (405), which Node keeps from Fastify. */
export function answerOutsideRoutes(server: Server, log: LogSink | null): void {
  server.on('checkExpectation', (request, response) => {
    const started = performance.now()
    const refusal: Refusal = {
      status: 417,
      reason: 'Expectation Failed',
      message: 'The service cannot meet the Expect header; send the request without it.',
    }
    const body = errorBody(refusal.message)
    response.writeHead(refusal.status, headersOf(refusal, body)).end(body)
    log?.(requestLine(request.method ?? '-', request.url ?? '-', refusal.status, performance.now() - started))
  })
  server.on('connect', (request, socket) => {
    refuseOnSocket(socket, METHOD_NOT_ALLOWED)
    log?.(requestLine('CONNECT', request.url ?? '-', METHOD_NOT_ALLOWED.status, 0))
  })
}
