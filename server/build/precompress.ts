import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** Files worth compressing: text formats. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|xml|webmanifest)$/
/** Smaller files are sent as they are (as the API does with small bodies). */
const MIN_SIZE = 1024

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `dir` (its dot folders and source maps
 * excepted: they are not served), at the highest settings, once at build time. The server sends these as
 * they are (`@fastify/static`'s `preCompressed`) and never compresses a file per request.
 */
export function precompressDirectory(dir: string): string[] {
  const written: string[] = []
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      written.push(...precompressDirectory(path))
      continue
    }
    if (!COMPRESSIBLE.test(name)) continue
    const bytes = readFileSync(path)
    if (bytes.length < MIN_SIZE) continue
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
    written.push(path)
  }
  return written
}

/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'catalogue-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      precompressDirectory(outDir)
    },
  }
}
