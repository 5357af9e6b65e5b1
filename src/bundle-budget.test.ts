import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

/**
 * Reads the built explorer (dist/, made by `npm run build`) and checks the JavaScript budget: what the first
 * page needs (the entry chunk and everything it imports statically: React, the data router, the loaders,
 * query options, client and schemas) at most 120 KB gzipped, and no lazy chunk (a page's code, or code pages
 * share) over 50 KB gzipped. There is no total: later features add lazy chunks.
 */
const DIST = join(import.meta.dirname, '..', 'dist')
const MANIFEST = join(DIST, '.vite', 'manifest.json')
const KB = 1024
const FIRST_PAGE_BUDGET = 120 * KB
const LAZY_CHUNK_BUDGET = 50 * KB
/** Routes whose whole download (their chunk and what only they import) is held to the lazy-chunk budget. */
const LAZY_ROUTES = [
  'src/features/insights/InsightsPage.tsx',
  'src/features/api-reference/ApiReferencePage.tsx',
]

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
  const entryKeys = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key)
  const firstPage = staticClosure(manifest, entryKeys)
  const firstPageSize = [...firstPage].reduce((total, file) => total + gzipped(file), 0)
  const lazyChunks = [
    ...new Set(
      Object.values(manifest)
        .map((chunk) => chunk.file)
        .filter((file) => file.endsWith('.js') && !firstPage.has(file)),
    ),
  ].map((file) => ({ file, size: gzipped(file) }))
  const largestLazy = lazyChunks.reduce((largest, chunk) => (chunk.size > largest.size ? chunk : largest), {
    file: 'none',
    size: 0,
  })

  // Figures in the test names, so `npx vitest run src/bundle-budget.test.ts` reports what was measured.
  it(`keeps the JavaScript the first page needs (entry + static imports: ${kb(firstPageSize)}) within 120 KB gzipped`, () => {
    expect(entryKeys.length).toBeGreaterThan(0)
    expect(firstPageSize, `first page: ${[...firstPage].join(', ')}`).toBeLessThanOrEqual(FIRST_PAGE_BUDGET)
  })

  it(`keeps every lazy chunk within 50 KB gzipped (${lazyChunks.length} chunks, largest ${largestLazy.file}: ${kb(largestLazy.size)})`, () => {
    expect(lazyChunks.length).toBeGreaterThan(1) // the pages really are separate chunks
    for (const chunk of lazyChunks) {
      expect(chunk.size, chunk.file).toBeLessThanOrEqual(LAZY_CHUNK_BUDGET)
    }
  })

  for (const route of LAZY_ROUTES) {
    const added = [...staticClosure(manifest, [route])].filter((file) => !firstPage.has(file))
    const addedSize = added.reduce((total, file) => total + gzipped(file), 0)
    it(`keeps what ${route} adds (${kb(addedSize)} in ${added.length} files) within 50 KB gzipped`, () => {
      expect(manifest[route], `${route} is not a chunk of the build`).toBeDefined()
      expect(addedSize, added.join(', ')).toBeLessThanOrEqual(LAZY_CHUNK_BUDGET)
    })
  }
})
