import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Lifecycle } from '../lifecycle'
import type { ApiGate, GateOutcome } from './api-gate'
import { isApiPath, isIrregularApiPath } from './api-paths'
import { type ConnectionLimits, guardedServerOptions } from './connection-guard'
import { errorBody, MESSAGES } from './errors'
import { limitConnections } from './listener'
import {
  EXPECTATION_FAILED,
  errorHeaders,
  IRREGULAR_PATH,
  METHOD_NOT_ALLOWED,
  NOT_HTTP,
  PARSER_REFUSALS,
  type Refusal,
  refuseOnSocket,
  requestLineOf,
} from './outside-answers'
import { type Negotiated, negotiate, type Representation } from './representation'
import { bodyBytes, callerRequestId, type Logger, loggedPath, type RequestLog } from './request-log'
import type { ResponseCache, WantedHeaders } from './response-cache'

export interface FrontDoorOptions {
  gate: ApiGate
  /** The client address of a request, by the CATALOGUE_TRUST_PROXY rule (as Fastify's `request.ip`). */
  clientAddress: (request: IncomingMessage) => string
  requests: RequestLog
  cache: ResponseCache
  limits: ConnectionLimits
  lifecycle: Lifecycle
  logger: Logger
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void

/**
 * Everything answered outside Fastify, in one module that hands `buildApp` its `serverFactory` and error
 * handlers: repeated API requests from the response cache, `/v1` targets with dot or empty segments (400
 * before routing), what Node's parser refuses, `Expect` and `CONNECT`, and what Fastify's router cannot read
 * (malformed percent-encoding, over-long id lists). Here, and only here outside Fastify, the API gate runs
 * (`check`), CORS is set (`errorHeaders` and the body's own headers) and the log line is written (`send`,
 * `log`), so each rule has one place on either side of Fastify. The connection rules of the listener come
 * with the server it makes.
 */
export class FrontDoor {
  constructor(private readonly options: FrontDoorOptions) {}

  /** Fastify's `serverFactory`. */
  readonly serverFactory = (handler: Handler): Server => {
    const { limits } = this.options
    // A request without Host reaches the request context, which refuses it with the contract's JSON error.
    const server = createServer(
      { requireHostHeader: false, ...guardedServerOptions(limits) },
      (request, response) => {
        if (this.fromCache(request, response)) return
        if (isIrregularApiPath(request.url ?? '/'))
          return this.refuse(request, response, IRREGULAR_PATH, false)
        handler(request, response)
      },
    )
    limitConnections(server, limits, this.options.lifecycle, this.options.logger)
    server.on('checkExpectation', (request, response) =>
      this.refuse(request, response, EXPECTATION_FAILED, false),
    )
    // Node keeps CONNECT from Fastify.
    server.on('connect', (_request, socket: Duplex) =>
      this.refuseSocket(socket, METHOD_NOT_ALLOWED, 'CONNECT', '-'),
    )
    return server
  }

  /** Fastify's `clientErrorHandler`: answers what Node's parser refused. */
  readonly clientErrorHandler = (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const [method, url] = requestLineOf(error.rawPacket)
    this.refuseSocket(socket, PARSER_REFUSALS[error.code ?? ''] ?? NOT_HTTP, method, url)
  }

  /**
   * Fastify's `frameworkErrors`: malformed percent-encoding and over-long id lists never reach a route (nor
   * hooks); they are answered here like any bad input, through the gate on API paths.
   */
  readonly frameworkErrors = (error: { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack()
    const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MESSAGES.tooLong : MESSAGES.badUrl
    const refusal: Refusal = { status: 400, reason: 'Bad Request', message }
    this.refuse(request.raw, reply.raw, refusal, isApiPath(request.raw.url ?? ''))
  }

  /** The API gate outside Fastify (key, failed-key throttle, rate): the one place it runs here. */
  private check(authorization: string | undefined, client: string): GateOutcome | Promise<GateOutcome> {
    return this.options.gate.check(authorization, client)
  }

  /**
   * Answers a request from the response cache, through the gate; false when the cache has nothing for it.
   * This is the busiest code of the service, so it allocates little: no closure per request (unless the gate
   * waits on Redis), the answer's headers as one flat list built from the variant's ready-made one.
   */
  private fromCache(request: IncomingMessage, response: ServerResponse): boolean {
    const started = performance.now()
    const hit = this.options.cache.lookup(request)
    if (hit === undefined) return false
    const client = this.options.clientAddress(request)
    const outcome = this.check(hit.headers.authorization, client)
    if (outcome instanceof Promise) {
      outcome.then(
        (settled) => this.answerFromCache(request, response, hit.body, hit.headers, client, started, settled),
        () => response.destroy(),
      )
    } else {
      this.answerFromCache(request, response, hit.body, hit.headers, client, started, outcome)
    }
    return true
  }

  private answerFromCache(
    request: IncomingMessage,
    response: ServerResponse,
    body: Representation,
    headers: WantedHeaders,
    client: string,
    started: number,
    outcome: GateOutcome,
  ): void {
    const reqId = callerRequestId(headers['x-request-id'])
    if (!outcome.ok) {
      this.sendError(request, response, started, reqId, client, outcome.keyId, outcome)
      return
    }
    // The cache's lookup made sure this form exists.
    const negotiated = negotiate(body, headers['accept-encoding'], headers['if-none-match']) as Negotiated
    const list = negotiated.headerList.concat('x-request-id', reqId)
    for (const name in outcome.headers) list.push(name, outcome.headers[name] as string)
    const bytes = negotiated.status === 304 ? undefined : negotiated.variant.body
    this.send(request, response, started, reqId, negotiated.status, list, bytes, client, outcome.keyId)
  }

  /** Refuses a request with a JSON error; `gated`: the API gate runs first (and its refusal wins). */
  private refuse(request: IncomingMessage, response: ServerResponse, refusal: Refusal, gated: boolean): void {
    const started = performance.now()
    const reqId = callerRequestId(request.headers['x-request-id'])
    const client = this.options.clientAddress(request)
    if (!gated) {
      this.sendError(request, response, started, reqId, client, undefined, refusal)
      return
    }
    const reply = (outcome: GateOutcome) =>
      outcome.ok
        ? this.sendError(request, response, started, reqId, client, outcome.keyId, {
            ...refusal,
            headers: { ...refusal.headers, ...outcome.headers },
          })
        : this.sendError(request, response, started, reqId, client, outcome.keyId, outcome)
    const outcome = this.check(request.headers.authorization, client)
    if (outcome instanceof Promise) outcome.then(reply, () => response.destroy())
    else reply(outcome)
  }

  private sendError(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    reqId: string,
    client: string,
    keyId: string | undefined,
    refusal: { status: number; message: string; headers?: Record<string, string> },
  ): void {
    const body = errorBody(refusal.message)
    const headers = { ...errorHeaders(refusal.headers, body), 'x-request-id': reqId }
    this.send(request, response, started, reqId, refusal.status, headers, body, client, keyId)
  }

  /** Writes a whole answer and its log line: the one place an answer outside Fastify is sent. */
  private send(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    reqId: string,
    status: number,
    headers: Record<string, string> | string[],
    body: Buffer | string | undefined,
    client: string,
    keyId: string | undefined,
  ): void {
    response.writeHead(status, headers)
    response.end(body)
    const method = request.method ?? '-'
    const length = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length
    this.log(
      reqId,
      method,
      request.url ?? '-',
      status,
      performance.now() - started,
      bodyBytes(method, status, length),
      client,
      keyId,
    )
  }

  /** Refuses on a connection no response object exists for (see refuseOnSocket), and logs it. */
  private refuseSocket(socket: Duplex, refusal: Refusal, method: string, url: string): void {
    const bytes = refuseOnSocket(socket, refusal)
    const client = (socket as Duplex & { remoteAddress?: string }).remoteAddress ?? '-'
    this.log(randomUUID(), method, url, refusal.status, 0, bytes, client, undefined)
  }

  /** The log line of an answer outside Fastify (the request context writes Fastify's). */
  private log(
    reqId: string,
    method: string,
    url: string,
    status: number,
    ms: number,
    bytes: number,
    client: string,
    keyId: string | undefined,
  ): void {
    const path = url === '-' ? url : loggedPath(url)
    this.options.requests.write(
      keyId === undefined
        ? { reqId, method, path, status, ms, bytes, client }
        : { reqId, method, path, status, ms, bytes, client, keyId },
    )
  }
}
