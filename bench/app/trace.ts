/**
 * `npm run bench:app:trace`: why the explorer's first load and navigations take the time `bench:app` measures.
 * One cold visit of `/locations` per added latency (0 and 150 ms), traced by Chromium: a waterfall of every
 * request (start, first byte, end, in ms from the navigation start) and the main thread's tasks until the rows
 * are in the DOM and the app has taken the page over (the entry's evaluation and the hydration); then the same for list → detail, detail → back and the next page, from the click to the
 * result. Comparing 0 and 150 ms tells network from CPU. Flags: --no-build --latency 150 (one latency only).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser, Locator } from '@playwright/test'
import { stopServer } from '../processes'
import { launchBrowser, type MeasuredPage, newVisitor, openPage } from './browser'
import type { Condition } from './in-page'
import { pageTimes, timedClick, waitForMark } from './journey'
import { buildExplorer, startExplorerService } from './service'
import { formatWaterfall, navigationZero, readTrace, TRACE_CATEGORIES, type TraceZero } from './trace-events'

const root = resolve(import.meta.dirname, '..', '..')
const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    latency: { type: 'string' },
  },
})
const latencies = flags.latency === undefined ? [0, 150] : [Number(flags.latency)]

/** Traces what `act` does in the page; returns the trace's JSON. */
async function traced(browser: Browser, measured: MeasuredPage, act: () => Promise<void>): Promise<string> {
  await browser.startTracing(measured.page, { categories: TRACE_CATEGORIES })
  try {
    await act()
  } catch (error) {
    await browser.stopTracing()
    throw error
  }
  return (await browser.stopTracing()).toString('utf8')
}

async function tracedClick(
  browser: Browser,
  measured: MeasuredPage,
  zero: TraceZero,
  label: string,
  target: Locator,
  condition: Condition,
  argument?: string,
): Promise<void> {
  let navigation = { ms: Number.NaN, requests: Number.NaN }
  const json = await traced(browser, measured, async () => {
    navigation = await timedClick(measured, target, condition, argument)
  })
  const { clickAt } = await pageTimes(measured.page)
  const from = clickAt ?? 0
  console.log(
    `\n### ${label}: ${navigation.ms.toFixed(0)} ms from the click to the result, ${navigation.requests} requests\n`,
  )
  console.log('```')
  console.log(formatWaterfall(readTrace(json, zero), from - 5, from + navigation.ms + 20, 1))
  console.log('```')
}

async function traceVisit(browser: Browser, origin: string, latency: number): Promise<void> {
  const visitor = await newVisitor(browser)
  const measured = await openPage(visitor, latency)
  const { page } = measured
  const json = await traced(browser, measured, async () => {
    await page.goto(`${origin}/locations`)
    await waitForMark(page, 'load-rows')
    await waitForMark(page, 'load-settled')
    await waitForMark(page, 'load-app')
  })
  const zero = navigationZero(json, origin)
  const times = await pageTimes(page)
  const rows = times.marks['load-rows'] ?? Number.NaN
  const app = times.marks['load-app'] ?? Number.NaN
  console.log(`\n## ${latency} ms added latency (load average ${loadavg()[0]?.toFixed(2)})\n`)
  console.log(
    `### Cold first load of /locations: rows in the DOM at ${rows.toFixed(0)} ms, the app on the page (its title set) at ${app.toFixed(0)} ms\n`,
  )
  console.log('```')
  const end = Math.max(times.marks['load-settled'] ?? rows, Number.isNaN(app) ? rows : app)
  console.log(formatWaterfall(readTrace(json, zero), -50, end + 20))
  console.log('```')

  await measured.quiet(500)
  const firstRow = page.locator('main table tbody tr a[href]').first()
  const recordName = (await firstRow.textContent())?.trim() ?? ''
  await tracedClick(browser, measured, zero, 'list → detail', firstRow, 'heading', recordName)
  await measured.quiet(500)
  const back = page.getByRole('link', { name: /^Back to locations/ })
  await tracedClick(browser, measured, zero, 'detail → back', back, 'rows')
  await measured.quiet(1000)
  const firstHref = (await firstRow.getAttribute('href')) ?? ''
  const pager = page.getByRole('navigation', { name: 'Pagination' })
  const next = pager.getByRole('link', { name: /^Next/ }).or(pager.getByRole('button', { name: /^Next/ }))
  await tracedClick(browser, measured, zero, 'next page (prefetched)', next, 'rowsOtherThan', firstHref)
  await visitor.close()
}

async function main(): Promise<void> {
  if (!flags['no-build']) buildExplorer(root)
  const workDir = mkdtempSync(join(tmpdir(), 'bench-app-trace-'))
  const service = await startExplorerService(root, workDir)
  const browser = await launchBrowser()
  try {
    console.log(
      'Times in ms from the navigation start; "busy" is the main thread\'s time in tasks while the request ran.',
    )
    for (const latency of latencies) await traceVisit(browser, service.origin, latency)
  } finally {
    await browser.close()
    await stopServer(service)
    rmSync(workDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
