import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

/**
 * Reads the built explorer (dist/, made by `npm run build`) and checks the JavaScript budget:
 * what the first page needs (the entry chunk and everything it imports statically) at most 100 KB gzipped,
 * all JavaScript at most 160 KB gzipped. Routes are lazy chunks, so they count only towards the total.
 */
const DIST = join(import.meta.dirname, '..', 'dist')
const MANIFEST = join(DIST, '.vite', 'manifest.json')
const KB = 1024
const FIRST_PAGE_BUDGET = 100 * KB
const TOTAL_BUDGET = 160 * KB

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

function readManifest(): Record<string, Chunk> {
  if (!existsSync(MANIFEST)) {
    throw new Error(`No build to measure: ${MANIFEST} is missing. Run \`npm run build\` first.`)
  }
  return JSON.parse(readFileSync(MANIFEST, 'utf8'))
}

const gzipped = (file: string) => gzipSync(readFileSync(join(DIST, file))).length
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

/** The files of `keys` and of every chunk they import statically, each once. */
function staticClosure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    if (chunk.file.endsWith('.js')) files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return files
}

describe('bundle budget', () => {
  const manifest = readManifest()
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)

  it('keeps the JavaScript the first page needs within 100 KB gzipped', () => {
    expect(entries.length).toBeGreaterThan(0)
    const firstPage = staticClosure(
      manifest,
      entries.map(([key]) => key),
    )
    const size = [...firstPage].reduce((total, file) => total + gzipped(file), 0)
    expect(size, `first page: ${kb(size)} in ${[...firstPage].join(', ')}`).toBeLessThanOrEqual(
      FIRST_PAGE_BUDGET,
    )
  })

  it('keeps all JavaScript within 160 KB gzipped', () => {
    const files = new Set(
      Object.values(manifest)
        .map((chunk) => chunk.file)
        .filter((file) => file.endsWith('.js')),
    )
    expect(files.size).toBeGreaterThan(1) // the routes really are separate chunks
    const size = [...files].reduce((total, file) => total + gzipped(file), 0)
    expect(size, `all JavaScript: ${kb(size)}`).toBeLessThanOrEqual(TOTAL_BUDGET)
  })
})
