import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * What the built explorer (dist/, made by `npm run build`) asks a browser to download, read from Vite's
 * manifest: the first page's JavaScript (the entry chunk and everything it imports statically) and the lazy
 * chunks. Shared by the bundle-budget test and `npm run bench:app`.
 */
export type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
export type Manifest = Record<string, Chunk>

export const KB = 1024
/**
 * The first page's JavaScript, gzipped, at most: 120 KB for the explorer as it was, 5 KB more only for what
 * the data tool's address must know on the first page (each collection's columns and facets, 0.5 KB) and for
 * hydrating a page the service rendered, and 1 KB for the character pages' and the insights' loaders, which
 * start the service's answers so that it renders those pages first too (0.3 KB).
 */
export const FIRST_PAGE_BUDGET = 126 * KB

export function readManifest(dist: string): Manifest {
  const file = join(dist, '.vite', 'manifest.json')
  if (!existsSync(file)) {
    throw new Error(`No build to measure: ${file} is missing. Run \`npm run build\` first.`)
  }
  return JSON.parse(readFileSync(file, 'utf8'))
}

export const gzippedSize = (dist: string, file: string) => gzipSync(readFileSync(join(dist, file))).length

/** The JavaScript files of `keys` and of every chunk they import statically, each once. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
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

export function entryKeys(manifest: Manifest): string[] {
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key)
}

/** The first page's JavaScript files and their gzipped size in bytes. */
export function firstPageJavaScript(dist: string, manifest = readManifest(dist)) {
  const files = staticClosure(manifest, entryKeys(manifest))
  const bytes = [...files].reduce((total, file) => total + gzippedSize(dist, file), 0)
  return { files, bytes }
}
