/**
 * `npm run bench:warm`: how soon a reload answers from a built catalogue index, in headless Chromium through the
 * built explorer, on the generator's large dataset (100,000 locations, 9,801 episodes). The index is built once
 * in a browser profile; then each target is a fresh page load, timed in the page from navigation start
 * (performance.now()) to what a reader waits for: (a) the first search results in the palette, (b) /characters'
 * first rows and (b2) a character page's, (c) /insights' charts, (d) `/locations?_sort_desc=residents`'s first rows sorted by the index,
 * (e) the first facet counts on /locations, (f) the first export of a view (the file, from the click) and (g) the
 * first rows of `/search?q=planet`. Medians of `--rounds` loads each, with what the worker keeps of the
 * index (the `derived` store) and, as the baseline of the same run, with that store emptied before every load
 * (every structure derived again from the records, as before it was kept). Not part of `npm test`.
 * Flags: --no-build, --no-write (leave docs/benchmarks.md alone), --rounds 5, --profile DIR with --port N (keep
 * the browser profile, and so the built index, between runs: a profile keys its storage by the service's origin).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { loadNow, stampLine, stampNow, targetTable, writeLatest } from '../benchmarks-doc'
import { ensureLargeDataset } from '../large-dataset'
import { stopServer } from '../processes'
import { CHROMIUM_PATH } from './browser'
import { indexCatalogue, startCatalogueService, waitUntilKept } from './indexed-catalogue'
import { buildExplorer } from './service'

const root = resolve(import.meta.dirname, '..', '..')
const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '5' },
    profile: { type: 'string' },
    port: { type: 'string' },
  },
})

const log = (message: string) => console.error(`bench:warm: ${message}`)

/** A query with matches among the large dataset's names (accents folded: "Café Müller"). */
const QUERY = 'cafe muller'
/** A target that shows nothing in this long is reported as not there (pending). */
const GIVE_UP_MS = 20_000

type Mode = 'kept' | 'cleared'

interface Target {
  key: string
  label: string
  /** The issue's bar, from navigation start. */
  budgetMs: number
  path: string
  /** In the page: performance.now() once the target shows, else false. */
  ready: () => number | false
  /** After the load, before waiting: what a reader does (open the palette and type); when it was done. */
  act?: (page: Page) => Promise<number>
  /** In the page: performance.now() once a later stage shows (the whole search), else false. */
  whole?: () => number | false
  /** The target is the file `act` asks for: timed from the action to the download (not from navigation). */
  download?: true
}

/** What the worker keeps of a built index (worker/derive-all.ts): every kind, once written. */

const TARGETS: Target[] = [
  {
    key: 'a',
    label: 'the first search results in the palette',
    budgetMs: 1000,
    path: '/locations',
    act: async (page) => {
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.keyboard.press('Control+K')
      await page.getByRole('combobox', { name: 'Search' }).fill(QUERY)
      return page.evaluate(() => performance.now())
    },
    ready: () => {
      const list = document.querySelector('[role="listbox"][aria-label="Results"]')
      return list && list.getAttribute('aria-busy') === 'false' && list.querySelector('[role="option"]')
        ? performance.now()
        : false
    },
    // Then the whole search (types, typos, characters) replaces the scan of names.
    whole: () =>
      [...document.querySelectorAll('.search-palette-source')].some((line) =>
        line.textContent?.startsWith('Searching the whole catalogue'),
      )
        ? performance.now()
        : false,
  },
  {
    key: 'b',
    label: "/characters' first rows",
    budgetMs: 2000,
    path: '/characters',
    ready: () =>
      document.querySelector('table tbody tr a[href^="/characters/"]') ? performance.now() : false,
  },
  {
    key: 'b2',
    label: "a character's page (`/characters/42`): its first records",
    budgetMs: 2000,
    path: '/characters/42',
    ready: () =>
      document.querySelector('main a[href^="/locations/"], main a[href^="/episodes/"]')
        ? performance.now()
        : false,
  },
  {
    key: 'c',
    label: "/insights' charts",
    budgetMs: 2000,
    path: '/insights',
    ready: () => (document.querySelector('figure.chart svg [role="img"]') ? performance.now() : false),
  },
  {
    key: 'd',
    label: "`/locations?_sort_desc=residents`'s first rows",
    budgetMs: 1000,
    path: '/locations?_sort_desc=residents',
    // Sorted by the index: the residents column's header says so, and its rows are there.
    ready: () =>
      document.querySelector('th[aria-sort="descending"]') &&
      document.querySelector('table tbody tr a[href^="/locations/"]')
        ? performance.now()
        : false,
  },
  {
    key: 'f',
    label:
      'the first export of a view (`/locations?name=glass&type__exact=Resort`, CSV), from the click to the file,',
    budgetMs: 2000,
    path: '/locations?name=glass&type__exact=Resort',
    download: true,
    act: async (page) => {
      await page.locator('table tbody tr a[href^="/locations/"]').first().waitFor()
      await page.getByRole('button', { name: 'Export CSV' }).click()
      return page.evaluate(() => performance.now())
    },
    ready: () => false,
  },
  {
    key: 'g',
    label: 'the first answer of `/search?q=planet` (the names that match so far, or every result)',
    budgetMs: 1000,
    path: '/search?q=planet',
    // Its summary says what it found, no longer "Searching…" (no generated name holds "planet": the names
    // alone find none, the whole search finds the type).
    ready: () => {
      const summary = document.querySelector('.search-list-page .list-summary')?.textContent ?? ''
      return summary !== '' && summary !== 'Searching…' ? performance.now() : false
    },
    whole: () => (document.querySelector('table.search-results tbody tr a') ? performance.now() : false),
  },
  {
    key: 'e',
    label: 'the first facet counts on /locations',
    budgetMs: 1000,
    path: '/locations',
    ready: () => {
      const type = [...document.querySelectorAll('fieldset')].find(
        (fieldset) => fieldset.querySelector('legend')?.textContent?.trim() === 'Type',
      )
      const counted = [...(type?.querySelectorAll('input[type="checkbox"]') ?? [])].some((box) =>
        /\([\d,]+\)\s*$/.test((box as HTMLInputElement).labels?.[0]?.textContent ?? ''),
      )
      return counted ? performance.now() : false
    },
  },
]

/** Records, in the page, whether the palette ever said "Nothing matches" (what it must not say while loading). */
function watchNothingMatches() {
  Object.assign(window, { __nothingMatches: false })
  new MutationObserver(() => {
    if (document.querySelector('.search-palette-empty')?.textContent?.startsWith('Nothing matches')) {
      Object.assign(window, { __nothingMatches: true })
    }
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

/** Empties what the worker keeps of every index of this origin: the next load derives everything again. */
function clearKept(): Promise<void> {
  return (async () => {
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('catalogue-index ')) continue
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => done(request.result)
        request.onerror = () => fail(request.error)
      })
      if (db.objectStoreNames.contains('derived')) {
        const tx = db.transaction('derived', 'readwrite')
        tx.objectStore('derived').clear()
        await new Promise((done) => {
          tx.oncomplete = done
        })
      }
      db.close()
    }
  })()
}

async function buildIndex(page: Page, origin: string): Promise<number> {
  const started = Date.now()
  const { seconds } = await indexCatalogue(page, origin)
  await waitUntilKept(page)
  log(`everything derived and kept ${((Date.now() - started) / 1000 - seconds).toFixed(0)} s after the build`)
  return seconds
}

/** One load of a target: ms from navigation start to the target shown (null: not within GIVE_UP_MS). */
async function loadOnce(
  context: BrowserContext,
  origin: string,
  target: Target,
  mode: Mode,
): Promise<{ ms: number | null; actedMs: number | null; wholeMs: number | null; nothingMatches: boolean }> {
  const page = await context.newPage()
  try {
    // A page of the origin without the explorer (no worker that could write what was just cleared).
    await page.goto(`${origin}/explorer-config.json`)
    if (mode === 'cleared') await page.evaluate(clearKept)
    await page.goto(`${origin}${target.path}`, { waitUntil: 'commit' })
    const downloaded = target.download
      ? page.waitForEvent('download', { timeout: GIVE_UP_MS }).catch(() => null)
      : null
    const actedMs = (await target.act?.(page)) ?? null
    const actedAt = Date.now()
    const shown = downloaded
      ? await downloaded.then((file) => (file ? Date.now() - actedAt : null))
      : await page
          .waitForFunction(target.ready, undefined, { polling: 'raf', timeout: GIVE_UP_MS })
          .then((handle) => handle.jsonValue() as Promise<number>)
          .catch(() => null)
    const wholeMs =
      shown !== null && target.whole
        ? await page
            .waitForFunction(target.whole, undefined, { polling: 'raf', timeout: GIVE_UP_MS })
            .then((handle) => handle.jsonValue() as Promise<number>)
            .catch(() => null)
        : null
    const nothingMatches = await page.evaluate(
      () => (window as unknown as { __nothingMatches: boolean }).__nothingMatches,
    )
    return { ms: shown, actedMs, wholeMs, nothingMatches }
  } finally {
    await page.close()
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

interface Measured {
  times: number[]
  /** From the reader's action (the query typed) to the target. */
  afterAct: number[]
  wholeTimes: number[]
  missing: number
  nothingMatches: number
}
const noneYet = (): Measured => ({ times: [], afterAct: [], wholeTimes: [], missing: 0, nothingMatches: 0 })

const summarise = (measured: Measured) =>
  measured.times.length === 0
    ? 'not shown (pending)'
    : `median ${Math.round(median(measured.times))} ms (${measured.times.map((ms) => Math.round(ms)).join(', ')})` +
      (measured.missing > 0 ? `, ${measured.missing} not shown` : '')

async function main() {
  const started = new Date()
  const loadBefore = loadNow()
  const rounds = Number(flags.rounds)
  if (!flags['no-build']) {
    log('building the explorer (npm run build)')
    buildExplorer(root)
  }
  const workDir = mkdtempSync(join(tmpdir(), 'bench-warm-'))
  const profile = flags.profile ?? join(workDir, 'profile')
  const large = ensureLargeDataset(root, join(tmpdir(), 'catalogue-bench'))
  const service = await startCatalogueService(
    large,
    workDir,
    'large',
    flags.port ? Number(flags.port) : undefined,
  )
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox'],
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  })
  await context.addInitScript(watchNothingMatches)
  const results = new Map<string, Measured>()
  try {
    const page = await context.newPage()
    const indexSeconds = await buildIndex(page, service.origin)
    await page.close()
    log(`index ready in ${indexSeconds.toFixed(0)} s`)
    // Every kept round first: a load with the store emptied derives again, and may be closed before it keeps.
    for (const mode of ['kept', 'cleared'] as const) {
      for (let round = 1; round <= rounds; round++) {
        for (const target of TARGETS) {
          const key = `${mode} ${target.key}`
          const measured = results.get(key) ?? noneYet()
          results.set(key, measured)
          // A target the explorer does not show yet is tried once per mode, not every round.
          if (round > 1 && measured.times.length === 0) continue
          const { ms, actedMs, wholeMs, nothingMatches } = await loadOnce(
            context,
            service.origin,
            target,
            mode,
          )
          if (ms === null) measured.missing += 1
          else measured.times.push(ms)
          if (ms !== null && actedMs !== null) measured.afterAct.push(ms - actedMs)
          if (wholeMs !== null) measured.wholeTimes.push(wholeMs)
          if (nothingMatches) measured.nothingMatches += 1
          const whole = wholeMs === null ? '' : `, whole search ${Math.round(wholeMs)} ms`
          log(`${key} round ${round}: ${ms === null ? 'not shown' : `${Math.round(ms)} ms`}${whole}`)
        }
      }
    }
  } finally {
    await context.close()
    await stopServer(service)
    rmSync(workDir, { recursive: true, force: true })
  }

  const rows = TARGETS.flatMap((target) => {
    const kept = results.get(`kept ${target.key}`) ?? noneYet()
    const cleared = results.get(`cleared ${target.key}`) ?? noneYet()
    const said = (measured: Measured) =>
      target.whole
        ? target.act
          ? `; ${Math.round(median(measured.afterAct))} ms of it after the query was typed (${measured.afterAct.map(Math.round).join(', ')}); the whole search ready: median ${Math.round(median(measured.wholeTimes))} ms; "Nothing matches" shown in ${measured.nothingMatches} of ${measured.times.length + measured.missing} loads`
          : `; the whole search's rows: median ${Math.round(median(measured.wholeTimes))} ms`
        : ''
    return [
      {
        target: `(${target.key}) ${target.label} ≤ ${target.budgetMs / 1000} s after a reload (index kept)`,
        measured: `${summarise(kept)}${said(kept)}`,
        pass: kept.times.length === 0 ? null : median(kept.times) <= target.budgetMs,
      },
      {
        target: `(${target.key}) baseline: the same, what the worker keeps emptied before each load`,
        measured: `${summarise(cleared)}${said(cleared)}`,
        pass: null,
      },
    ]
  })
  const table = `${stampLine(stampNow('npm run bench:warm', started, loadBefore))}\n\n${targetTable(rows)}\n\nMedians of ${rounds} page loads each, from navigation start; the search types \`${QUERY}\` once the page's heading shows.`
  console.log(table)
  if (!flags['no-write']) writeLatest('warm', table)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
