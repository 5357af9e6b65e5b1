/**
 * `npm run bench:search`: keystroke to results in the search palette, in headless Chromium through the built
 * explorer. For the generator's large dataset (100,000 locations, 9,801 episodes) and, as the baseline of the
 * same run, the shipped one: index the catalogue in the page, open the palette, type queries one character at
 * a time and time each keystroke in the page, from the field's input event to the results for that text in the
 * DOM (performance.now() and a MutationObserver on the listbox's aria-busy). Opening the palette, whose first
 * query builds the search index in the worker, is reported on its own. Then first visits to the shipped
 * catalogue with no click (`first-visit.ts`): Ctrl+K `cafe` to Café Müller, and "Ready to work offline".
 * Not part of `npm test`.
 * Flags: --no-build, --no-write (leave docs/benchmarks.md alone), --rounds 2, --visits 5, --only-shipped;
 * --postgres: the search answered by the service on PostgreSQL instead (search-postgres.ts).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Page } from '@playwright/test'
import { writeLatest } from '../benchmarks-doc'
import { ensureLargeDataset } from '../large-dataset'
import { stopServer } from '../processes'
import { ms, percentile } from '../timings'
import { launchBrowser } from './browser'
import { type FirstVisits, firstVisitTable, measureFirstVisits } from './first-visit'
import { indexCatalogue, startCatalogueService } from './indexed-catalogue'
import { measureSearchOnPostgres } from './search-postgres'
import { buildExplorer } from './service'

const root = resolve(import.meta.dirname, '..', '..')
const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    'only-shipped': { type: 'boolean', default: false },
    // --postgres: the search answered by the service on PostgreSQL at 1,000,000 locations (search-postgres.ts).
    postgres: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
    visits: { type: 'string', default: '5' },
  },
})

/** What people type: names with and without accents or with a typo, a dimension, shorthands, a character. */
const QUERIES = [
  'glorbo prme',
  'cafe muller',
  'zurich nine',
  'floating lagoon',
  'hidden citadel',
  'dimension c-137',
  'planet',
  's2e3',
  'season 4',
  '#42',
]
/** The issue's bar: keystroke to results at the 95th percentile. */
const P95_BUDGET_MS = 50

const log = (message: string) => console.error(`bench:search: ${message}`)

/** Installed in the page: times every keystroke from the input event to aria-busy="false" on the results. */
function installTimer() {
  const times: number[] = []
  let started: number | null = null
  Object.assign(window, { __searchTimes: times })
  document.addEventListener(
    'input',
    (event) => {
      const target = event.target as HTMLInputElement
      // Clearing the field between queries is not a keystroke of a query.
      if (target.getAttribute('role') === 'combobox' && target.value !== '') started = performance.now()
    },
    true,
  )
  // Done when the results are for the latest text (aria-busy="false") and come from the index, not from the
  // service's name filters the palette may show while the worker prepares.
  new MutationObserver(() => {
    const list = document.querySelector('[role="listbox"][aria-label="Results"]')
    const field = document.querySelector('[role="combobox"]')
    const source = document.getElementById(field?.getAttribute('aria-describedby') ?? '')?.textContent ?? ''
    if (started === null || !list || list.getAttribute('aria-busy') !== 'false') return
    if (!source.startsWith('Searching the whole catalogue')) return
    times.push(performance.now() - started)
    started = null
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __searchTimes: number[] }).__searchTimes.length)

async function typeAndWait(page: Page, key: string): Promise<void> {
  const before = await recorded(page)
  await page.keyboard.type(key)
  await page.waitForFunction(
    (count) => (window as unknown as { __searchTimes: number[] }).__searchTimes.length > count,
    before,
    { timeout: 600_000, polling: 'raf' },
  )
}

interface Result {
  label: string
  records: string
  indexSeconds: number
  firstQueryMs: number
  times: number[]
}

async function measure(
  label: string,
  dataset: string | null,
  workDir: string,
  rounds: number,
): Promise<Result> {
  const service = await startCatalogueService(dataset, workDir, label.replace(/\W+/g, '-'))
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    await page.addInitScript(installTimer)
    const { records, seconds: indexSeconds } = await indexCatalogue(page, service.origin)
    log(`${label}: indexed (${records}) in ${indexSeconds.toFixed(0)} s`)

    // Opening the palette asks the worker its first query, which builds the search index.
    const opened = Date.now()
    await page.keyboard.press('Control+K')
    const field = page.getByRole('combobox', { name: 'Search' })
    await page.getByText('Searching the whole catalogue in this browser.').waitFor({ timeout: 600_000 })
    const firstQueryMs = Date.now() - opened
    log(`${label}: Ctrl+K to search ready (search index built) ${firstQueryMs} ms`)
    for (let round = 1; round <= rounds; round++) {
      for (const query of QUERIES) {
        await field.fill('')
        for (const key of query) await typeAndWait(page, key)
      }
      log(`${label}: round ${round} of ${rounds}`)
    }
    const times = await page.evaluate(() => (window as unknown as { __searchTimes: number[] }).__searchTimes)
    await context.close()
    return { label, records, indexSeconds, firstQueryMs, times }
  } finally {
    await browser.close()
    await stopServer(service)
  }
}

async function firstVisits(workDir: string, visits: number): Promise<FirstVisits> {
  const service = await startCatalogueService(null, workDir, 'first-visits')
  const browser = await launchBrowser()
  try {
    const measured = await measureFirstVisits(browser, service.origin, visits)
    log(`first visits: ${measured.firstResultMs.map(Math.round).join(', ')} ms to Café Müller`)
    return measured
  } finally {
    await browser.close()
    await stopServer(service)
  }
}

function report(results: Result[], visits: FirstVisits, loadBefore: number, minutes: number): string {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit \`${commit}\` by \`npm run bench:search\` (${minutes} minutes): ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; load average ${loadBefore.toFixed(2)} before and ${(loadavg()[0] ?? Number.NaN).toFixed(2)} after.`,
    '',
    '| Catalogue | Keystrokes | p50 | p95 | max | p95 ≤ 50 ms | Ctrl+K to search ready (builds the search index) | Indexing the catalogue |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((result) => {
      const p95 = percentile(result.times, 95)
      return `| ${result.label}: ${result.records} | ${result.times.length} | ${ms(percentile(result.times, 50))} | ${ms(p95)} | ${ms(Math.max(...result.times))} | ${p95 <= P95_BUDGET_MS ? 'pass' : 'fail'} | ${ms(result.firstQueryMs)} | ${result.indexSeconds.toFixed(0)} s |`
    }),
    '',
    `Queries, typed one character at a time after clearing the field: ${QUERIES.map((query) => `\`${query}\``).join(', ')}.`,
    '',
    ...firstVisitTable(visits),
  ]
  return `${lines.join('\n')}\n`
}

function writeReport(markdown: string) {
  writeLatest('search', markdown)
}

async function main() {
  const started = Date.now()
  const loadBefore = loadavg()[0] ?? Number.NaN
  if (!flags['no-build']) {
    log('building the explorer (npm run build)')
    buildExplorer(root)
  }
  if (flags.postgres) {
    const markdown = await measureSearchOnPostgres(root, Number(flags.visits), log)
    console.log(markdown)
    if (!flags['no-write']) writeLatest('search-postgres', markdown)
    return
  }
  const workDir = mkdtempSync(join(tmpdir(), 'bench-search-'))
  const rounds = Number(flags.rounds)
  try {
    const results = [await measure('shipped', null, workDir, rounds)]
    if (!flags['only-shipped']) {
      // The same folder as `npm run bench:service` and `bench:index`, so the generated file is shared.
      const large = ensureLargeDataset(root, join(tmpdir(), 'catalogue-bench'))
      results.push(await measure('large', large, workDir, rounds))
    }
    const visits = await firstVisits(workDir, Number(flags.visits))
    const markdown = report(results, visits, loadBefore, Math.round((Date.now() - started) / 60_000))
    console.log(markdown)
    if (!flags['no-write']) {
      writeReport(markdown)
      log('written to docs/benchmarks.md')
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
