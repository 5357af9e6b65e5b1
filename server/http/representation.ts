import { createHash } from 'node:crypto'
import { compress, type Encoding, MIN_COMPRESSED_SIZE } from './compression'

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

  /** The form to send for an accepted encoding; the second value tells whether a new form was made. */
  variant(encoding: Encoding | null): [Variant, boolean] {
    if (encoding === null || this.identity.body.length < MIN_COMPRESSED_SIZE) return [this.identity, false]
    const existing = this.compressed[encoding]
    if (existing) return [existing, false]
    const made: Variant = {
      body: compress(this.identity.body, encoding),
      encoding,
      etag: `${this.identity.etag.slice(0, -1)}-${encoding}"`,
    }
    this.compressed[encoding] = made
    return [made, true]
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
