import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** Bodies smaller than this are sent as they are: compressing them saves nothing worth the work. */
export const MIN_COMPRESSED_SIZE = 1024

/** The best encoding the `Accept-Encoding` header allows: brotli, then gzip, else none. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  let gzip = false
  let wildcard = false
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';')
    const coding = name.trim().toLowerCase()
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(parameter))
    if (refused) continue
    if (coding === 'br') return 'br'
    if (coding === 'gzip') gzip = true
    if (coding === '*') wildcard = true
  }
  return gzip || wildcard ? 'gzip' : null
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 })
}
