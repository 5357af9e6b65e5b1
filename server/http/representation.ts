import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { chooseEncoding, compress, type Encoding, MIN_COMPRESSED_SIZE } from './compression'
import { JSON_CONTENT_TYPE } from './errors'

/** Read-only data behind a key: only the caller's browser may keep it, for a minute, then revalidate by ETag. */
export const API_CACHE_CONTROL = 'private, max-age=60'
export const API_VARY = 'Authorization, Accept-Encoding'

export interface Variant {
  body: Buffer
  encoding: Encoding | null
  etag: string
}

/**
 * A JSON body computed once, with its ETag, and its compressed forms made on first demand. Each form has its
 * own ETag (`"…"`, `"…-br"`, `"…-gzip"`), since they are different bytes.
 */
export class Representation {
  private readonly identity: Variant
  private readonly compressed: Partial<Record<Encoding, Variant>> = {}

  constructor(body: string) {
    const bytes = Buffer.from(body)
    const hash = createHash('sha1').update(bytes).digest('base64url').slice(0, 22)
    this.identity = { body: bytes, encoding: null, etag: `"${hash}"` }
  }

  /** The form to send for an accepted encoding. */
  variant(encoding: Encoding | null): Variant {
    if (encoding === null || this.identity.body.length < MIN_COMPRESSED_SIZE) return this.identity
    const existing = this.compressed[encoding]
    if (existing) return existing
    const made: Variant = {
      body: compress(this.identity.body, encoding),
      encoding,
      etag: `${this.identity.etag.slice(0, -1)}-${encoding}"`,
    }
    this.compressed[encoding] = made
    return made
  }

  /**
   * Bytes to budget for this body in a cache: the plain body and room for both compressed forms, which for
   * JSON together take well under the plain size (so the budget holds as forms are made later).
   */
  get budgetSize(): number {
    return this.identity.body.length * 2
  }
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, as RFC 9110 asks) or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  for (const part of header.split(',')) {
    const tag = part.trim()
    if (tag === '*' || tag === etag || tag === `W/${etag}`) return true
  }
  return false
}

/** Sends a body in the best accepted encoding with its ETag and caching headers, or 304 when the ETag matches. */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Representation,
): FastifyReply {
  const variant = body.variant(chooseEncoding(request.headers['accept-encoding']))
  reply.header('etag', variant.etag).header('cache-control', API_CACHE_CONTROL).header('vary', API_VARY)
  if (matchesEtag(request.headers['if-none-match'], variant.etag)) return reply.code(304).send()
  reply.header('content-type', JSON_CONTENT_TYPE)
  if (variant.encoding) reply.header('content-encoding', variant.encoding)
  return reply.send(variant.body)
}
