import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ClientGoneError } from '../catalogue/deadline'
import { CatalogueError, StoreUnavailableError } from '../catalogue/errors'
import { isApiPath } from '../http/api-paths'
import { ApiError, MESSAGES, sendError } from '../http/errors'
import { hostRefusal } from '../http/host'
import { bodyBytes, type Logger, loggedPath, type RequestLog, streamedBytes } from '../http/request-log'

/** The status a request is logged with when its client went before its query started (nginx's). */
const CLIENT_GONE_STATUS = 499

declare module 'fastify' {
  interface FastifyRequest {
    /** The key id of the key sent (see request-log), once the API gate has read it. */
    keyId: string | undefined
  }
  interface FastifyInstance {
    /**
     * Writes a request's log line now: for an answer cut short (a stream its client left, or read too slowly),
     * which ends without the 'finish' the line is otherwise written on.
     */
    logAnswer(request: FastifyRequest, reply: FastifyReply): void
  }
}

/** The log line's facts for a request Fastify answered. */
export function factsOf(request: FastifyRequest, reply: FastifyReply, ms: number) {
  const method = request.raw.method ?? '-'
  const status = reply.raw.statusCode
  return {
    reqId: request.id,
    method,
    path: loggedPath(request.raw.url ?? '-'),
    status,
    ms,
    // Fastify keeps the headers it sends in the reply (it hands them to writeHead, so the raw response has none).
    bytes:
      streamedBytes.get(reply.raw) ??
      bodyBytes(method, status, reply.getHeader('content-length') ?? reply.raw.getHeader('content-length')),
    client: request.ip,
    keyId: request.keyId,
  }
}

/**
 * What every request gets, whatever answers it, written once for the whole service: its request id
 * (`X-Request-Id`), the Host rule, one log line when answered, and the error handler that turns anything
 * thrown into the contract's JSON error (never a 5xx for what a client sent).
 */
export const requestContext = fp<{ logger: Logger; requests: RequestLog }>(
  async (app, { logger, requests }) => {
    app.decorateRequest('keyId', undefined)
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id)
      const refusal = hostRefusal(request.raw)
      if (refusal !== null) {
        sendError(reply, 400, refusal)
        return
      }
      done()
    })
    const logAnswer = (request: FastifyRequest, reply: FastifyReply) =>
      requests.write(factsOf(request, reply, reply.elapsedTime))
    app.decorate('logAnswer', logAnswer)
    app.addHook('onResponse', (request, reply, done) => {
      logAnswer(request, reply)
      done()
    })
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof ApiError) return sendError(reply, error.statusCode, error.message)
      if (error instanceof CatalogueError) {
        return sendError(reply, error.kind === 'not-found' ? 404 : 400, error.message)
      }
      // Nobody is left to read it; the log says so as nginx does (499, "client closed request").
      if (error instanceof ClientGoneError) return reply.code(CLIENT_GONE_STATUS).send()
      if (error instanceof StoreUnavailableError) {
        reply.header('retry-after', String(error.retryAfter))
        return sendError(reply, 503, error.message)
      }
      const status = (error as { statusCode?: number }).statusCode
      // A file name the file system refuses (too long, say) is simply not there.
      if (status === 403 || status === 404) {
        return sendError(reply, 404, isApiPath(request.url) ? MESSAGES.unknownPath : MESSAGES.notFound)
      }
      if (status !== undefined && status >= 400 && status < 500) {
        return sendError(
          reply,
          status,
          status === 413 ? 'The request body is too large.' : MESSAGES.badRequest,
        )
      }
      logger.error({ reqId: request.id, path: loggedPath(request.url), err: error }, 'internal error')
      return sendError(reply, 500, MESSAGES.internal)
    })
  },
  { name: 'request-context' },
)
