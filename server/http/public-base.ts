import type { FastifyRequest } from 'fastify'
import { ApiError, MESSAGES } from './errors'
import { isHost } from './host'

/**
 * The base of every address the service writes: CATALOGUE_PUBLIC_URL when configured, otherwise the scheme
 * and `Host` of the request (a Host that is not a host name is refused rather than echoed into addresses).
 */
export function publicBase(request: FastifyRequest, configured: string | null): string {
  if (configured !== null) return configured
  const host = request.headers.host ?? `localhost:${request.socket.localPort}`
  if (!isHost(host)) throw new ApiError(400, MESSAGES.badHost)
  return `${request.protocol}://${host}`
}
