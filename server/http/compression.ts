import { promisify } from 'node:util'
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'

export type Encoding = 'br' | 'gzip'

/** Bodies smaller than this are sent as they are: compressing them saves nothing worth the work. */
export const MIN_COMPRESSED_SIZE = 1024

const ENCODINGS: Encoding[] = ['br', 'gzip']

/**
 * The encoding to send for an `Accept-Encoding` header: the one the caller weighs highest (q-values, `*`),
 * brotli on a tie, none when neither is accepted. Content codings are case-insensitive. A coding refused by
 * name (`br;q=0`) stays refused when `*` accepts everything else, which the negotiator alone does not honour.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  // Clients send a handful of distinct headers (one per browser version), so each is worked out once.
  const known = chosen.get(header)
  if (known !== undefined) return known
  const encoding = chooseEncodingOnce(header)
  if (header.length <= MAX_REMEMBERED_HEADER) {
    if (chosen.size >= MAX_REMEMBERED_HEADERS) chosen.clear()
    chosen.set(header, encoding)
  }
  return encoding
}

/** Headers remembered with their choice, at most, and their length at most (so at most 64 KiB of keys). */
const MAX_REMEMBERED_HEADERS = 256
const MAX_REMEMBERED_HEADER = 128
const chosen = new Map<string, Encoding | null>()

function chooseEncodingOnce(header: string): Encoding | null {
  const accepted = header.toLowerCase()
  const refused = new Set(
    accepted
      .split(',')
      .filter((part) => /;\s*q\s*=\s*0(\.0{0,3})?\s*$/.test(part))
      .map((part) => part.split(';', 1)[0]?.trim()),
  )
  const candidates = ENCODINGS.filter((encoding) => !refused.has(encoding))
  return candidates.length === 0 ? null : (negotiate(accepted, candidates) as Encoding | null)
}

/**
 * Bodies from this size on are compressed off the event loop (zlib's asynchronous API, on libuv's thread
 * pool): compressing a 500-id list took milliseconds during which no other request was answered (contract
 * §11, fair CPU). Smaller ones cost less than the hand-over to a thread.
 */
export const ASYNC_COMPRESSION_BYTES = 32 * 1024
/**
 * Compressions of large bodies running at once, at most. The thread pool's threads share the machine's cores
 * with the event loop, so compressing every new 500-id list a client asks for would still take CPU from
 * other keys; a new large body that finds this slot taken is sent uncompressed instead (identity is always
 * acceptable), which bounds the CPU one client can make the service spend on compression.
 */
export const MAX_OFF_LOOP_COMPRESSIONS = 1
/**
 * Brotli quality for large bodies: 4 takes a third of quality 5's time for a few more bytes (docs/decisions.md,
 * "Service").
 */
const LARGE_BODY_BROTLI_QUALITY = 4

const brotliOptions = (body: Buffer, quality: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
})
const GZIP_OPTIONS = { level: 6 }

/** Compresses a small body here and now. */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body, 5)) : gzipSync(body, GZIP_OPTIONS)
}

let running = 0

/** Compresses a large body on the thread pool, or returns null when the compression slot is taken. */
export function compressOffLoop(body: Buffer, encoding: Encoding): Promise<Buffer> | null {
  if (running >= MAX_OFF_LOOP_COMPRESSIONS) return null
  running++
  const compressed =
    encoding === 'br'
      ? brotliCompressAsync(body, brotliOptions(body, LARGE_BODY_BROTLI_QUALITY))
      : gzipAsync(body, GZIP_OPTIONS)
  return compressed.finally(() => {
    running--
  })
}

const brotliCompressAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Brotli's window for a stream (2^18 bytes): its default (2^22) holds a ring buffer of that size per stream, which
 * stalled streams would keep (contract §13's slow readers); records repeat within far less.
 */
const STREAM_BROTLI_WINDOW = 18

/**
 * A compressor for a stream's answer (contract §12): its work runs on the thread pool as the chunks come, at
 * the large bodies' brotli quality, with a small window.
 */
export function compressingStream(encoding: Encoding) {
  return encoding === 'br'
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: LARGE_BODY_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_LGWIN]: STREAM_BROTLI_WINDOW,
        },
      })
    : createGzip(GZIP_OPTIONS)
}
