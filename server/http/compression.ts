import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'

export type Encoding = 'br' | 'gzip'

/** Bodies smaller than this are sent as they are: compressing them saves nothing worth the work. */
export const MIN_COMPRESSED_SIZE = 1024

const ENCODINGS: Encoding[] = ['br', 'gzip']

/**
 * The encoding to send for an `Accept-Encoding` header: the one the caller weighs highest (q-values, `*`),
 * brotli on a tie, none when neither is accepted. Content codings are case-insensitive.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  return negotiate(header.toLowerCase(), ENCODINGS) as Encoding | null
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 })
}
