import type { FastifyRequest } from 'fastify'
import { ApiError, MESSAGES } from './errors'

const HOST_PATTERN = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(:[0-9]{1,5})?$/

/**
 * The base of every address the service writes: CATALOGUE_PUBLIC_URL when configured, otherwise the scheme
 * and `Host` of the request (a Host that is not a host name is refused rather than echoed into addresses).
 */
export function publicBase(request: FastifyRequest, configured: string | null): string {
  if (configured !== null) return configured
  const host = request.headers.host ?? `localhost:${request.socket.localPort}`
  if (!HOST_PATTERN.test(host)) throw new ApiError(400, MESSAGES.badHost)
  return `${request.protocol}://${host}`
}
