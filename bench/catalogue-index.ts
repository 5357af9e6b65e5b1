/**
 * `npm run bench:index`: indexes the generator's large dataset (100,000 locations, 20,000 episodes) in headless
 * Chromium through the built explorer, with the service's rate limit off and at its default, and reports the
 * time to index, the longest main-thread task once the first rows are on screen (Long Tasks API), whether the
 * list kept paging meanwhile, and the index's size in IndexedDB (`navigator.storage.estimate`).
 * Usage: npm run build && npm run bench:index [-- --only-unlimited]
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DEFAULT_RATE_LIMIT } from '../server/config'
import { launchBrowser } from './app/browser'
import { ensureLargeDataset } from './large-dataset'
import { startServer, stopServer } from './processes'

const root = resolve(import.meta.dirname, '..')
const workDir = mkdtempSync(join(tmpdir(), 'bench-index-'))
// The same folder as `npm run bench:service`, so the generated file is shared.
const dataset = ensureLargeDataset(root, join(tmpdir(), 'catalogue-bench'))

interface Result {
  rateLimit: number
  seconds: number
  longestTaskMs: number
  tasksOver50: number
  pagedWhileIndexing: boolean
  indexMegabytes: number
}

async function measure(rateLimit: number): Promise<Result> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CATALOGUE_RATE_LIMIT: String(rateLimit),
    CATALOGUE_DATA: dataset,
  }
  for (const name of ['CATALOGUE_API_KEYS', 'CATALOGUE_PUBLIC_URL']) delete env[name]
  const service = await startServer({
    name: 'service',
    script: 'server/main.ts',
    cwd: root,
    env,
    stdoutFile: join(workDir, `service-${rateLimit}.log`),
    readyPath: '/explorer-config.json',
  })
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const tasks: number[] = []
      Object.assign(window, { __longTasks: tasks })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration)
      }).observe({ type: 'longtask', buffered: true })
    })
    await page.goto(`${service.origin}/locations`)
    const status = page.getByRole('region', { name: 'Catalogue index' })
    // A catalogue this large is indexed when the user asks.
    const build = status.getByRole('button', { name: 'Build the index' })
    await build.waitFor({ timeout: 60_000 })
    await page.evaluate(() => {
      ;(window as unknown as { __longTasks: number[] }).__longTasks.length = 0
    })
    const started = Date.now()
    await build.click()
    // The list keeps paging while the index is built.
    await page
      .getByRole('button', { name: 'Page 2', exact: true })
      .or(page.getByRole('link', { name: 'Page 2', exact: true }))
      .first()
      .click()
    await page.getByRole('status').filter({ hasText: '21–40 of' }).waitFor({ timeout: 60_000 })
    const pagedWhileIndexing = await status.getByRole('progressbar').isVisible()
    await status
      .getByText('Catalogue index: 100,000 locations, 20,000 episodes')
      .waitFor({ timeout: 60 * 60_000 })
    const seconds = (Date.now() - started) / 1000
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0)
    return {
      rateLimit,
      seconds,
      longestTaskMs: Math.round(Math.max(0, ...tasks)),
      tasksOver50: tasks.filter((duration) => duration > 50).length,
      pagedWhileIndexing,
      indexMegabytes: usage / 1024 / 1024,
    }
  } finally {
    await browser.close()
    await stopServer(service)
  }
}

const limits = process.argv.includes('--only-unlimited') ? [0] : [0, DEFAULT_RATE_LIMIT]
for (const limit of limits) {
  const result = await measure(limit)
  console.log(
    `| ${limit === 0 ? 'off' : `${limit}/s (default)`} | ${result.seconds.toFixed(0)} s | ${result.longestTaskMs} ms | ${result.tasksOver50} | ${result.pagedWhileIndexing ? 'yes' : 'no'} | ${result.indexMegabytes.toFixed(1)} MB |`,
  )
}
