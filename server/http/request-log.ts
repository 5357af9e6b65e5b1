import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import pino, { type DestinationStream } from 'pino'

/** Fastify's logger (pino), as every part of the service writes to it. */
export type Logger = FastifyBaseLogger

/** Where log lines go: anything with `write(line)` (a file, stdout, a test's array). */
export type LogDestination = DestinationStream

/** One request, as its log line records it (contract §10). Never a header value, a query or a key. */
export interface RequestFacts {
  reqId: string
  method: string
  /** The path without its query; an absolute-form target without its origin (and its credentials). */
  path: string
  status: number
  /** Milliseconds from the request's arrival to the end of the answer. */
  ms: number
  /** Bytes of body sent. */
  bytes: number
  /** The client's address (the proxy's client when CATALOGUE_TRUST_PROXY trusts the proxy). */
  client: string
  /** The first 8 hex digits of the SHA-256 of the key sent, when one was sent. */
  keyId?: string
}

let stampedAt = Number.NaN
let stamp = ''

/**
 * pino's `timestamp`: the ISO time, as `pino.stdTimeFunctions.isoTime` writes it, formatted at most once a
 * millisecond (a busy service logs several lines a millisecond, and formatting a date costs more than the rest
 * of the line).
 */
export function isoTime(): string {
  const now = Date.now()
  if (now !== stampedAt) {
    stampedAt = now
    stamp = `,"time":"${new Date(now).toISOString()}"`
  }
  return stamp
}

/** The service's logger: JSON lines with an ISO time and no process fields, or null for no log. */
export function createLogger(destination: LogDestination | null): Logger {
  if (destination === null) return pino({ enabled: false })
  return pino(
    {
      base: null,
      timestamp: isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  )
}

/**
 * The one line per request of contract §10, written to the same destination as the logger's lines (nowhere
 * when the log is off). Every way a request is answered writes it through here.
 */
export class RequestLog {
  constructor(private readonly destination: LogDestination | null) {}

  write(facts: RequestFacts): void {
    if (this.destination === null) return
    facts.ms = Math.round(facts.ms * 10) / 10
    this.destination.write(requestLine(facts))
  }
}

/**
 * The line `logger.info(facts, 'request')` writes with the service's pino settings, built from a template.
 * This is one line per request: pino's general serializer walks the object and escapes every key and value
 * character by character, which cost more than answering a request from the response cache (the `ms` field
 * is already rounded). A test holds it to pino's own line.
 */
export function requestLine(facts: RequestFacts): string {
  const keyId = facts.keyId === undefined ? '' : `,"keyId":${JSON.stringify(facts.keyId)}`
  return `{"level":"info"${isoTime()},"reqId":${JSON.stringify(facts.reqId)},"method":${JSON.stringify(facts.method)},"path":${JSON.stringify(facts.path)},"status":${facts.status},"ms":${facts.ms},"bytes":${facts.bytes},"client":${JSON.stringify(facts.client)}${keyId},"msg":"request"}\n`
}

/**
 * The path to log for a request target: its origin-form path alone (contract §11), the query dropped. An
 * absolute-form target (`http://user:pass@host/v1/…`) or one that reads as an authority (`//user:pass@host/…`)
 * is reduced to its path; anything else that does not start with `/` is logged as `-`. So neither a query nor
 * user-info, host or scheme ever reaches the log.
 */
export function loggedPath(target: string): string {
  let path = target
  if (!path.startsWith('/') || path.startsWith('//')) {
    if (path === '*') return path
    path = originFormOf(path)
  }
  const query = path.indexOf('?')
  return query === -1 ? path : path.slice(0, query)
}

function originFormOf(target: string): string {
  const absolute = target.startsWith('//') ? `http:${target}` : target
  if (!URL.canParse(absolute)) return '-'
  const url = new URL(absolute)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.pathname : '-'
}

/** A caller's own request id is kept when it is a short token; otherwise the service makes one. */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,64}$/

export function callerRequestId(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && CALLER_ID.test(sent) ? sent : randomUUID()
}

/** Fastify's `genReqId`. */
export const requestIdOf = (request: IncomingMessage): string =>
  callerRequestId(request.headers['x-request-id'])

/** Bytes of body an answer carried, from its Content-Length (0 for HEAD, 304 and answers without one). */
export function bodyBytes(method: string, status: number, contentLength: unknown): number {
  if (method === 'HEAD' || status === 304 || status === 204) return 0
  const bytes = Number(contentLength)
  return Number.isFinite(bytes) ? bytes : 0
}

/** Bytes of body a streamed answer sent (it has no Content-Length), by its response, for its log line. */
export const streamedBytes = new WeakMap<object, number>()
