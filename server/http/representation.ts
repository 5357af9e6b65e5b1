import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CATALOGUE_VERSION_HEADER } from '../../src/catalogue'
import {
  ASYNC_COMPRESSION_BYTES,
  chooseEncoding,
  compress,
  compressOffLoop,
  type Encoding,
  MIN_COMPRESSED_SIZE,
} from './compression'
import { CORS_ANSWER_HEADERS } from './cors'
import { JSON_CONTENT_TYPE } from './errors'

/** Read-only data behind a key: only the caller's browser may keep it, for a minute, then revalidate by ETag. */
export const API_CACHE_CONTROL = 'private, max-age=60'
export const API_VARY = 'Authorization, Accept-Encoding'

export interface Variant {
  body: Buffer
  encoding: Encoding | null
  etag: string
  /** Every header of a 200 answer with this variant, made once (shared: never change it). */
  okHeaders: Readonly<Record<string, string>>
  /** Every header of a 304 answer for this variant. */
  notModifiedHeaders: Readonly<Record<string, string>>
  /** The same headers flat (name, value, name, value…), as Node's `writeHead` takes them without copying. */
  okHeaderList: readonly string[]
  notModifiedHeaderList: readonly string[]
}

const flat = (headers: Record<string, string>): string[] => Object.entries(headers).flat()

/**
 * What a body is sent as, besides its own bytes, encoding and ETag: its content type and the headers of both
 * its 200 and its 304 answers.
 */
export interface BodyKind {
  contentType: string
  headers: Readonly<Record<string, string>>
}

/** An API answer: JSON any origin may read, kept by the caller's browser for a minute. */
export const API_BODY: BodyKind = {
  contentType: JSON_CONTENT_TYPE,
  headers: { ...CORS_ANSWER_HEADERS, 'cache-control': API_CACHE_CONTROL, vary: API_VARY },
}

let lastApiBody: { catalogueVersion: string; kind: BodyKind } | null = null

/** An API answer read from the catalogue of this version (contract §13): it names it in `Catalogue-Version`. */
export function apiBodyOf(catalogueVersion: string): BodyKind {
  if (lastApiBody?.catalogueVersion !== catalogueVersion) {
    const headers = { ...API_BODY.headers, [CATALOGUE_VERSION_HEADER.toLowerCase()]: catalogueVersion }
    lastApiBody = { catalogueVersion, kind: { ...API_BODY, headers } }
  }
  return lastApiBody.kind
}

function makeVariant(body: Buffer, encoding: Encoding | null, etag: string, kind: BodyKind): Variant {
  const notModifiedHeaders = { ...kind.headers, etag }
  const okHeaders: Record<string, string> = {
    ...notModifiedHeaders,
    'content-type': kind.contentType,
    'content-length': String(body.length),
  }
  if (encoding) okHeaders['content-encoding'] = encoding
  return {
    body,
    encoding,
    etag,
    okHeaders,
    notModifiedHeaders,
    okHeaderList: flat(okHeaders),
    notModifiedHeaderList: flat(notModifiedHeaders),
  }
}

/**
 * A body computed once (an API answer's JSON unless told otherwise), with its ETag, and its compressed forms
 * made on first demand. Each form has its own ETag (`"…"`, `"…-br"`, `"…-gzip"`), since they are different
 * bytes.
 */
export class Representation {
  private readonly identity: Variant
  private readonly compressed: Partial<Record<Encoding, Variant>> = {}
  private readonly compressing: Partial<Record<Encoding, Promise<void>>> = {}

  constructor(
    body: string,
    private readonly kind: BodyKind = API_BODY,
  ) {
    const bytes = Buffer.from(body)
    this.identity = makeVariant(bytes, null, strongEtag(bytes), kind)
  }

  /**
   * The form to send for an accepted encoding, or null when it is a large body's compressed form not made yet
   * (`prepare` makes it off the event loop). A small body's compressed form is made here, at once.
   */
  variant(encoding: Encoding | null): Variant | null {
    if (encoding === null || this.identity.body.length < MIN_COMPRESSED_SIZE) return this.identity
    const existing = this.compressed[encoding]
    if (existing) return existing
    if (this.identity.body.length >= ASYNC_COMPRESSION_BYTES) return null
    return this.keep(encoding, compress(this.identity.body, encoding))
  }

  /**
   * Makes the compressed form for `encoding` on the thread pool (once, however many requests wait for it), or
   * returns null when the service is already compressing another large body (the plain form is then sent).
   */
  prepare(encoding: Encoding): Promise<void> | null {
    let pending = this.compressing[encoding]
    if (pending === undefined) {
      const compressed = compressOffLoop(this.identity.body, encoding)
      if (compressed === null) return null
      pending = compressed.then(
        (bytes) => {
          this.keep(encoding, bytes)
        },
        () => {
          delete this.compressing[encoding]
        },
      )
      this.compressing[encoding] = pending
    }
    return pending
  }

  private keep(encoding: Encoding, bytes: Buffer): Variant {
    const made = makeVariant(bytes, encoding, `${this.identity.etag.slice(0, -1)}-${encoding}"`, this.kind)
    this.compressed[encoding] = made
    return made
  }

  /**
   * Bytes to budget for this body in a cache: the plain body and room for both compressed forms, which for
   * JSON and HTML together take well under the plain size (so the budget holds as forms are made later).
   */
  get budgetSize(): number {
    return this.identity.body.length * 2
  }
}

/** A strong ETag for these bytes: a hash of them, so the same bytes always get the same tag. */
export function strongEtag(bytes: Buffer | string): string {
  return `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`
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

export interface Negotiated {
  status: 200 | 304
  variant: Variant
  /** Every header of the answer (CORS included); shared, never change it. */
  headers: Readonly<Record<string, string>>
  /** The same, flat. */
  headerList: readonly string[]
}

/**
 * What to answer a request for `body`: the best accepted encoding, its ETag and caching headers, and 304
 * when `If-None-Match` names that ETag. One place for both ways a body is sent (Fastify and the fast path).
 * Null when that encoding's form is still to be made off the event loop (see `Representation.prepare`).
 */
export function negotiate(
  body: Representation,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): Negotiated | null {
  return negotiateEncoding(body, chooseEncoding(acceptEncoding), ifNoneMatch)
}

/** `negotiate` for a chosen encoding (null: the plain form). */
function negotiateEncoding(
  body: Representation,
  encoding: Encoding | null,
  ifNoneMatch: string | undefined,
): Negotiated | null {
  const variant = body.variant(encoding)
  if (variant === null) return null
  return matchesEtag(ifNoneMatch, variant.etag)
    ? { status: 304, variant, headers: variant.notModifiedHeaders, headerList: variant.notModifiedHeaderList }
    : { status: 200, variant, headers: variant.okHeaders, headerList: variant.okHeaderList }
}

/**
 * What to answer this request for `body` with `status` (see `negotiate`; only a 200 may become a 304), or the
 * promise of it once the accepted encoding's form is made off the event loop. The plain form when the
 * compression slot is taken. Never a reply: a reply is a thenable, which a promise would wait on.
 */
export function negotiateFor(
  request: FastifyRequest,
  body: Representation,
  status = 200,
): Negotiated | Promise<Negotiated> {
  const ifNoneMatch = status === 200 ? request.headers['if-none-match'] : undefined
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  const plain = () => negotiateEncoding(body, null, ifNoneMatch) as Negotiated
  const negotiated = negotiateEncoding(body, encoding, ifNoneMatch)
  if (negotiated !== null) return negotiated
  const pending = body.prepare(encoding as Encoding)
  if (pending === null) return plain()
  return pending.then(() => negotiateEncoding(body, encoding, ifNoneMatch) ?? plain())
}

/** Sends what `negotiateFor` chose, with `status` unless it is a 304. */
export function sendNegotiated(reply: FastifyReply, negotiated: Negotiated, status = 200): FastifyReply {
  reply.headers(negotiated.headers)
  return negotiated.status === 304 ? reply.code(304).send() : reply.code(status).send(negotiated.variant.body)
}

/** Sends a body through Fastify (see `negotiateFor`). */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Representation,
): FastifyReply | Promise<FastifyReply> {
  const negotiated = negotiateFor(request, body)
  return negotiated instanceof Promise
    ? negotiated.then((ready) => sendNegotiated(reply, ready))
    : sendNegotiated(reply, negotiated)
}
