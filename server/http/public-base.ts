import type { FastifyRequest } from 'fastify'
import { ApiError, MESSAGES } from './errors'

/** A DNS label (underscores allowed, as container and service names use them), never starting or ending in `-`. */
const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?'
/** A host name or IPv4 address, or an IPv6 address in brackets, and an optional port. */
const HOST_PATTERN = new RegExp(`^(?:\\[[0-9A-Fa-f:.]+\\]|${LABEL}(?:\\.${LABEL})*\\.?)(?::([0-9]{1,5}))?$`)

function isHost(host: string): boolean {
  const match = HOST_PATTERN.exec(host)
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535)
}

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
