import type { Socket } from 'node:net'
import { JSON_CONTENT_TYPE } from './errors'

const ANSWERS: Record<string, [status: string, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: ['408 Request Timeout', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [
    '431 Request Header Fields Too Large',
    'The address or the headers of the request are too long.',
  ],
}
const MALFORMED: [string, string] = [
  '400 Bad Request',
  'The request is not valid HTTP; addresses must be percent-encoded ASCII (non-ASCII letters as UTF-8 bytes, such as %C3%A9 for é).',
]

/**
 * Answers requests Node's HTTP parser refuses before any route sees them (a raw non-ASCII byte in the
 * address, oversized headers) with the same JSON error body as every other refusal.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] = ANSWERS[error.code ?? ''] ?? MALFORMED
  const body = JSON.stringify({ error: message })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}
