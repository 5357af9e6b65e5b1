import { pipeline, Readable, Transform } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { STREAM_CONTENT_TYPES, STREAM_RECORDS_HEADER } from '../../src/catalogue/views/stream'
import { liftDeadline } from '../catalogue/deadline'
import type { StreamQuery } from '../catalogue/list-request'
import type { CollectionSource } from '../catalogue/source'
import { planStream, type StreamPlan, streamChunks, streamTag } from '../catalogue/stream'
import { chooseEncoding, compressingStream } from './compression'
import { CORS_ANSWER_HEADERS } from './cors'
import { sendError } from './errors'
import { type OpenStreams, STREAM_BUFFER_BYTES, type StreamLimits } from './open-streams'
import { API_VARY } from './representation'
import { streamedBytes } from './request-log'
import { STREAM_RETRY_AFTER_SECONDS, type StreamLeases } from './stream-leases'

/** What answers a stream besides its query: the catalogue's content version, the leases, who asks. */
export interface StreamContext {
  contentVersion: string
  /** The streams open in this process, within their cap and minimum rate. */
  open: OpenStreams
  /** Called when the answer ends before its last byte (the request's log line is written then). */
  cutShort(): void
  /** One stream at a time per rate bucket; null: no limit (the rate limit is off). */
  leases: StreamLeases | null
  /** The caller's rate bucket (one stream at a time each). */
  bucket: string
  demo: boolean
}

/** A whole view is not kept by the browser: the client revalidates it by its tag, or asks again. */
const STREAM_CACHE_CONTROL = 'private, no-store'

/**
 * Whether a conditional header names the stream: `*`, or its tag in any encoding (`"…"`, `"…-br"`,
 * `"…-gzip"`: the same records, whichever bytes carried them). `If-None-Match` compares weakly (a `W/` tag
 * names it too), `If-Match` strongly (RFC 9110: a weak tag never matches).
 */
export function namesStream(header: string | undefined, tag: string, strong = false): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const trimmed = part.trim()
    if (strong && trimmed.startsWith('W/')) return false
    const named = trimmed.replace(/^W\//, '')
    return named === '*' || named.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === tag
  })
}

function oneStreamAtATime(demo: boolean): string {
  const who = demo
    ? 'the demo key may run one stream at a time from each address'
    : 'each key may run one stream at a time'
  return `Another export of this key is still being streamed: ${who}; retry in ${STREAM_RETRY_AFTER_SECONDS} seconds.`
}

function tooManyStreams(maxOpen: number): string {
  return `Too many exports are being streamed at once (this service streams ${maxOpen} at most): retry in ${STREAM_RETRY_AFTER_SECONDS} seconds.`
}

const CHANGED =
  'The catalogue changed since this stream began (If-Match names another version): start the stream again, without _after.'

/**
 * Answers a stream (contract §12): the tag first (from the catalogue's content version, before any record is
 * read), then `If-Match` (412 when the catalogue changed) and `If-None-Match` (304), the records' count, and,
 * for a GET holding the bucket's one lease, the body: read, rendered and compressed a chunk at a time as the
 * client takes it (backpressure), so that memory stays bounded whatever the view's size.
 */
export async function sendStream(
  request: FastifyRequest,
  reply: FastifyReply,
  source: CollectionSource,
  query: StreamQuery,
  base: string,
  context: StreamContext,
): Promise<FastifyReply> {
  const tag = streamTag(context.contentVersion, source, query, base)
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  reply.headers({
    ...CORS_ANSWER_HEADERS,
    'cache-control': STREAM_CACHE_CONTROL,
    vary: API_VARY,
    etag: encoding ? `"${tag}-${encoding}"` : `"${tag}"`,
  })
  const ifMatch = request.headers['if-match']
  if (ifMatch !== undefined && !namesStream(ifMatch, tag, true)) return sendError(reply, 412, CHANGED)
  if (namesStream(request.headers['if-none-match'], tag)) return reply.code(304).send()

  if (request.method === 'HEAD') {
    const plan = await planStream(source, query)
    streamHeaders(reply, query, plan, encoding)
    return reply.code(200).send()
  }

  // A place among the streams open in this process, then the bucket's lease, both before any work is done.
  const place = context.open.take()
  if (place === null) {
    reply.header('retry-after', String(STREAM_RETRY_AFTER_SECONDS))
    return sendError(reply, 503, tooManyStreams(context.open.limits.maxOpen))
  }
  const lease = context.leases ? await context.leases.take(context.bucket) : { release: () => {} }
  if (lease === null) {
    place()
    reply.header('retry-after', String(STREAM_RETRY_AFTER_SECONDS))
    return sendError(reply, 429, oneStreamAtATime(context.demo))
  }
  let plan: StreamPlan
  try {
    plan = await planStream(source, query)
  } catch (error) {
    lease.release()
    place()
    throw error
  }
  // The first byte is ready: the body takes as long as the client reads it (each batch within the store's own
  // deadline).
  liftDeadline()
  streamHeaders(reply, query, plan, encoding)
  const text = Readable.from(streamChunks(source, query, plan, base), {
    objectMode: false,
    highWaterMark: STREAM_BUFFER_BYTES,
  })
  // The lease is given back once the last record is rendered (the client may ask for its next stream as soon
  // as the last bytes arrive), or when the client goes away; the place once the answer is done with.
  const release = () => lease.release()
  text.once('end', release)
  text.once('close', release)
  reply.raw.once('close', release)
  reply.raw.once('close', () => {
    place()
    // Cut short (its client gone, or too slow), an answer ends without the 'finish' its log line waits for.
    if (!reply.raw.writableFinished) context.cutShort()
  })
  let bytes = 0
  const counted = new Transform({
    highWaterMark: STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      streamedBytes.set(reply.raw, bytes)
      done(null, chunk)
    },
  })
  closeWhenTooSlow(reply, context.open.limits, () => bytes)
  if (!encoding) return reply.code(200).send(pipeline(text, counted, () => undefined))
  // The first chunk (a CSV's header row, say) goes out at once, and the headers with it: a compressor would
  // otherwise hold it until it has a block's worth.
  const compressor = compressingStream(encoding)
  let first = true
  const flushingFirst = new Transform({
    highWaterMark: STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk)
      if (first) compressor.flush()
      first = false
    },
  })
  return reply.code(200).send(pipeline(text, flushingFirst, compressor, counted, () => undefined))
}

function streamHeaders(reply: FastifyReply, query: StreamQuery, plan: StreamPlan, encoding: string | null) {
  reply.header(STREAM_RECORDS_HEADER, String(plan.count))
  reply.header('content-type', STREAM_CONTENT_TYPES[query.format])
  if (encoding) reply.header('content-encoding', encoding)
}

/** Looks taken at a stream's progress per window: it is closed within a sixth of a window of its stall's end. */
const LOOKS_PER_WINDOW = 6

/**
 * Closes a stream whose client takes fewer than `minBytes` in any window (stopped, or reading a byte a second),
 * looking at its progress a few times a window: the client sees a truncated body (NDJSON resumes with
 * `_after`). Once every byte is handed to the socket the stream holds nothing more, and is left to the
 * connection's own timeouts.
 */
function closeWhenTooSlow(reply: FastifyReply, limits: StreamLimits, sent: () => number): void {
  const looks = [0]
  const timer = setInterval(() => {
    looks.push(sent())
    if (looks.length <= LOOKS_PER_WINDOW) return
    looks.shift()
    if ((looks.at(-1) as number) - (looks[0] as number) < limits.minBytes) reply.raw.destroy()
  }, limits.windowMs / LOOKS_PER_WINDOW)
  timer.unref()
  const stop = () => clearInterval(timer)
  reply.raw.once('finish', stop)
  reply.raw.once('close', stop)
}
