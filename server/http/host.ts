import type { IncomingMessage } from 'node:http'
import { MESSAGES } from './errors'

/** A DNS label (underscores allowed, as container and service names use them), never starting or ending in `-`. */
const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?'
/** A host name or IPv4 address, or an IPv6 address in brackets, and an optional port. */
const HOST_PATTERN = new RegExp(`^(\\[[0-9A-Fa-f:.]+\\]|${LABEL}(?:\\.${LABEL})*\\.?)(?::([0-9]{1,5}))?$`)

/** At most this many characters of host name (without the port), labels of at most 63 (RFC 1035). */
export const MAX_HOST_LENGTH = 255

/** Whether a `Host` value is a host name or address (at most 255 characters, labels of 63) with an optional port. */
export function isHost(host: string): boolean {
  if (host.length > MAX_HOST_LENGTH + 6) return false
  const match = HOST_PATTERN.exec(host)
  return (
    match !== null &&
    (match[1] as string).length <= MAX_HOST_LENGTH &&
    (match[2] === undefined || Number(match[2]) <= 65535)
  )
}

/**
 * Why a request's `Host` cannot be served, or null when it can: missing on HTTP/1.1, sent twice (RFC 9112
 * asks for a 400 either way), or not a host name of at most 255 characters.
 */
export function hostRefusal(request: IncomingMessage): string | null {
  const raw = request.rawHeaders
  let host: string | undefined
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] as string
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue
    if (host !== undefined) return MESSAGES.twoHosts
    host = raw[index + 1] as string
  }
  if (host === undefined) return request.httpVersion === '1.1' ? MESSAGES.missingHost : null
  return isHost(host) ? null : MESSAGES.badHost
}
