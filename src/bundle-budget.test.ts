import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  entryKeys,
  FIRST_PAGE_BUDGET,
  firstPageJavaScript,
  gzippedSize,
  KB,
  readManifest,
  staticClosure,
} from '../server/build/bundle-size'

/**
 * Reads the built explorer (dist/, made by `npm run build`) and checks the JavaScript budget: what the first
 * page needs (the entry chunk and everything it imports statically: React, the data router, the loaders,
 * query options, client and schemas) at most FIRST_PAGE_BUDGET gzipped, and no lazy chunk (a page's code, or code pages
 * share) over 50 KB gzipped. There is no total: later features add lazy chunks.
 */
const DIST = join(import.meta.dirname, '..', 'dist')
const LAZY_CHUNK_BUDGET = 50 * KB
/** Routes whose whole download (their chunk and what only they import) is held to the lazy-chunk budget. */
const LAZY_ROUTES = [
  'src/features/insights/InsightsPage.tsx',
  'src/features/api-reference/ApiReferencePage.tsx',
]

const gzipped = (file: string) => gzippedSize(DIST, file)
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

describe('bundle budget', () => {
  const manifest = readManifest(DIST)
  const entries = entryKeys(manifest)
  const { files: firstPage, bytes: firstPageSize } = firstPageJavaScript(DIST, manifest)
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
  it(`keeps the JavaScript the first page needs (entry + static imports: ${kb(firstPageSize)}) within ${kb(FIRST_PAGE_BUDGET)} gzipped`, () => {
    expect(entries.length).toBeGreaterThan(0)
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
