/**
 * `npm run bench:bundle` (after `npm run build`): what the built explorer asks a browser to download,
 * gzipped, against its budgets, written as the latest table of docs/benchmarks.md's bundle section
 * (`--no-write` only prints it). The budgets themselves are enforced by src/bundle-budget.test.ts.
 */
import { basename, join } from 'node:path'
import {
  FIRST_PAGE_BUDGET,
  firstPageJavaScript,
  gzippedSize,
  KB,
  readManifest,
  staticClosure,
} from '../server/build/bundle-size'
import { loadNow, ROOT, stampLine, stampNow, targetTable, writeLatest } from './benchmarks-doc'

const DIST = join(ROOT, 'dist')
const LAZY_BUDGET = 50 * KB
/** Pages whose whole download beyond the first page is held to the lazy-chunk budget. */
const ROUTES = [
  ['/insights', 'src/features/insights/InsightsPage.tsx'],
  ['/api', 'src/features/api-reference/ApiReferencePage.tsx'],
] as const

const started = new Date()
const loadBefore = loadNow()
const manifest = readManifest(DIST)
const firstPage = firstPageJavaScript(DIST, manifest)
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`
const lazy = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
  .filter((file) => file.endsWith('.js') && !firstPage.files.has(file))
  .map((file) => ({ file, bytes: gzippedSize(DIST, file) }))
  .sort((a, b) => b.bytes - a.bytes)
const largest = lazy[0] ?? { file: 'none', bytes: 0 }
const shared = lazy.find(({ file }) => basename(file).startsWith('pages-'))

const rows = [
  {
    target: `the first page's JavaScript (entry chunk and its static imports) ≤ ${FIRST_PAGE_BUDGET / KB} KB`,
    measured: `${kb(firstPage.bytes)} in ${firstPage.files.size} file${firstPage.files.size === 1 ? '' : 's'}`,
    pass: firstPage.bytes <= FIRST_PAGE_BUDGET,
  },
  {
    target: 'every lazy chunk ≤ 50 KB',
    measured: `largest ${kb(largest.bytes)} (\`${basename(largest.file)}\`), ${lazy.length} lazy chunks`,
    pass: largest.bytes <= LAZY_BUDGET,
  },
  ...ROUTES.map(([path, route]) => {
    const added = [...staticClosure(manifest, [route])].filter((file) => !firstPage.files.has(file))
    const bytes = added.reduce((total, file) => total + gzippedSize(DIST, file), 0)
    return {
      target: `what a first visit to \`${path}\` adds (its chunk and the chunks only it imports) ≤ 50 KB`,
      measured: `${kb(bytes)} in ${added.length} files`,
      pass: bytes <= LAZY_BUDGET,
    }
  }),
  {
    target: "the code the pages share (`pages-*.js`), within the lazy chunks' 50 KB",
    measured: shared ? kb(shared.bytes) : 'no such chunk',
    pass: shared ? shared.bytes <= LAZY_BUDGET : null,
  },
]
const command = `npm run bench:bundle${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`
const table = [
  stampLine(stampNow(command, started, loadBefore)),
  '',
  'Gzipped as `node:zlib` compresses by default, KB of 1,024 bytes (`npm run build` prints kB of 1,000 bytes):',
  '',
  targetTable(rows),
].join('\n')
console.log(table)
if (!process.argv.includes('--no-write')) writeLatest('bundle', table)
