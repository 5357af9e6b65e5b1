/**
 * `npm run bench:characters`: the explorer's character pages, a record's related records and the insights
 * answered by the service (contract §13) with the catalogue in PostgreSQL, on the generator's most (1,000,000
 * locations and 9,801 episodes), in headless Chromium through the built explorer, each visit a fresh profile
 * (no index) at 150 ms latency, each time from the navigation's start:
 *
 * - `/characters/N`: its first records (target ≤ 700 ms);
 * - `/locations/N`: the episodes its residents appear in (≤ 700 ms);
 * - `/insights`: all six charts drawn (≤ 1.5 s);
 * - no list read past its second page (no crawl) and no record indexed.
 */
import type { Page } from '@playwright/test'
import { loadNow, stampLine, stampNow, targetTable } from '../benchmarks-doc'
import { ms, percentile } from '../timings'
import { launchBrowser, newVisitor, openPage } from './browser'
import { withMillionOnPostgres } from './postgres-service'

const LATENCY_MS = 150
const CHARACTER_MS = 700
const RELATED_MS = 700
const INSIGHTS_MS = 1500
const CHARTS = 6

/** Characters and locations visited in turn: spread over the catalogue (the characters as the issue names one). */
const CHARACTERS = [47_918, 1, 25_000, 50_000, 75_000, 99_999]
const LOCATIONS = [1, 250_000, 500_000, 750_000, 999_999]

/**
 * Milliseconds from the navigation's start until `ready()` holds in the page: checked at every frame from the
 * response's first bytes (not the load event, which waits for every script and preload).
 */
async function timeTo(page: Page, url: string, ready: () => boolean): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' })
  const at = await page.waitForFunction(ready, undefined, { timeout: 60_000, polling: 'raf' })
  await at.dispose()
  return page.evaluate(() => performance.now())
}

/**
 * How many records this browser's catalogue indexes hold (in the page). A first visit may keep an index's
 * database for the lists' sizes it read; a build stores records.
 */
async function recordsIndexed(): Promise<number> {
  let records = 0
  for (const { name } of await indexedDB.databases()) {
    if (!name?.startsWith('catalogue-index ')) continue
    records += await new Promise<number>((done) => {
      const opening = indexedDB.open(name)
      opening.onerror = () => done(0)
      opening.onsuccess = () => {
        const db = opening.result
        if (!db.objectStoreNames.contains('records')) {
          db.close()
          done(0)
          return
        }
        const counting = db.transaction('records').objectStore('records').count()
        counting.onsuccess = () => {
          db.close()
          done(counting.result)
        }
        counting.onerror = () => {
          db.close()
          done(0)
        }
      }
    })
  }
  return records
}

export async function measureCharactersOnPostgres(
  root: string,
  visits: number,
  log: (line: string) => void,
): Promise<string> {
  const started = new Date()
  const load = loadNow()
  return withMillionOnPostgres(root, 'characters-postgres', log, async (service) => {
    const browser = await launchBrowser()
    const character: number[] = []
    const related: number[] = []
    const insights: number[] = []
    let crawled = 0
    let indexed = 0
    try {
      for (let visit = 0; visit < visits; visit++) {
        const id = CHARACTERS[visit % CHARACTERS.length]
        const location = LOCATIONS[visit % LOCATIONS.length]
        for (const [times, path, ready] of [
          [
            character,
            `/characters/${id}`,
            () => document.querySelector('.character-section li, .character-section .muted') !== null,
          ],
          [
            related,
            `/locations/${location}`,
            () => document.querySelector('.related-records li, .related-records .muted') !== null,
          ],
          [insights, '/insights', () => document.querySelectorAll('figure.chart svg').length >= 6],
        ] as const) {
          const visitor = await newVisitor(browser)
          const { page, requests } = await openPage(visitor, LATENCY_MS)
          times.push(await timeTo(page, `${service.origin}${path}`, ready))
          crawled += requests.filter(({ url: asked }) => {
            const { pathname, searchParams } = new URL(asked)
            if (!/^\/v1\/(locations|episodes)\/?$/.test(pathname)) return false
            return searchParams.has('_export') || Number(searchParams.get('page') ?? 1) > 2
          }).length
          indexed += await page.evaluate(recordsIndexed)
          await visitor.close()
        }
        log(
          `visit ${visit + 1}: character ${character.at(-1)?.toFixed(0)} ms, related ${related.at(-1)?.toFixed(0)} ms, insights ${insights.at(-1)?.toFixed(0)} ms`,
        )
      }
    } finally {
      await browser.close()
    }
    const median = (values: number[]) =>
      `median ${ms(percentile(values, 50))}, max ${ms(Math.max(...values))}`
    const rows = [
      {
        target: `\`/characters/N\` in a fresh profile at ${LATENCY_MS} ms latency: its records ≤ ${CHARACTER_MS} ms (median of ${character.length})`,
        measured: median(character),
        pass: percentile(character, 50) <= CHARACTER_MS,
      },
      {
        target: `a location's related episodes (\`/locations/N\`): shown ≤ ${RELATED_MS} ms (median of ${related.length})`,
        measured: median(related),
        pass: percentile(related, 50) <= RELATED_MS,
      },
      {
        target: `\`/insights\`: all ${CHARTS} charts ≤ ${INSIGHTS_MS} ms (median of ${insights.length})`,
        measured: median(insights),
        pass: percentile(insights, 50) <= INSIGHTS_MS,
      },
      {
        target: 'no list read past its second page or streamed (no crawl), and no index built',
        measured: `${crawled} read, ${indexed} records indexed`,
        pass: crawled === 0 && indexed === 0,
      },
    ]
    const stamp = stampNow('npm run bench:characters', started, load)
    return `${stampLine(stamp)}\n\nThe generator's 1,000,000 locations and 9,801 episodes in PostgreSQL, the service in demo mode; each page opened in a fresh profile, timed from the navigation's start.\n\n${targetTable(rows)}\n`
  })
}
