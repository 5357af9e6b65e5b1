import type { Locator, Page } from '@playwright/test'
import type { MeasuredPage } from './browser'
import type { Condition } from './in-page'
import { cumulativeLayoutShift } from './in-page'

/** A navigation the user made: how long until they saw its result, and how many requests it caused. */
export interface Navigation {
  ms: number
  requests: number
}

/** One visit: the first load of `/locations`, then list → detail, detail → back, and the next page. */
export interface Journey {
  firstRowsMs: number
  /** CLS of `/locations` from its first load until the list settled. */
  cls: number
  listToDetail: Navigation
  detailToBack: Navigation
  nextPage: Navigation
}

interface PageTimes {
  marks: Record<string, number>
  clickAt: number | null
  timeOrigin: number
  shifts: { at: number; value: number }[]
}

export function pageTimes(page: Page): Promise<PageTimes> {
  return page.evaluate(
    `({ marks: __bench.marks, clickAt: __bench.clickAt, timeOrigin: performance.timeOrigin, shifts: __bench.shifts })`,
  )
}

export async function waitForMark(page: Page, name: string): Promise<void> {
  // A function, not a string: Playwright evaluates a string predicate with `eval`, which the app's CSP forbids.
  await page.waitForFunction((mark) => window.__bench?.marks[mark] !== undefined, name, { timeout: 30_000 })
}

/** Chromium asks for the site's icon again on every history entry: the browser's request, not the app's. */
const BROWSER_OWN = /\/favicon\.svg$/

/**
 * Clicks `target` (a real click: the mouse moves over it first) and measures, inside the page, from the
 * click's time stamp to the first moment `condition` holds; counts the requests sent in between.
 */
export async function timedClick(
  measured: MeasuredPage,
  target: Locator,
  condition: Condition,
  argument?: string,
): Promise<Navigation> {
  const { page, requests } = measured
  const name = `click-${condition}-${Date.now()}`
  await page.evaluate(
    `__bench.arm(${JSON.stringify(name)}, ${JSON.stringify(condition)}, ${JSON.stringify(argument)})`,
  )
  await target.click()
  await waitForMark(page, name)
  const times = await pageTimes(page)
  const mark = times.marks[name]
  if (mark === undefined || times.clickAt === null) throw new Error(`No click or no mark for ${name}.`)
  const from = times.timeOrigin + times.clickAt
  const to = times.timeOrigin + mark
  const sent = requests.filter(({ url, at }) => at >= from && at <= to && !BROWSER_OWN.test(url))
  return { ms: mark - times.clickAt, requests: sent.length }
}

/** `/v1/locations?page=2…` has been fetched (the resource timing entry exists once the answer is complete). */
const nextPageFetched = () =>
  performance
    .getEntriesByType('resource')
    .some((entry) => /\/v1\/locations\/?\?(.*&)?page=2(&|$)/.test(entry.name))

export async function visitLocations(measured: MeasuredPage, origin: string): Promise<Journey> {
  const { page } = measured
  await page.goto(`${origin}/locations`)
  await waitForMark(page, 'load-rows')
  await waitForMark(page, 'load-settled')
  // A user reads before clicking: whatever the app fetches ahead when it is idle has the time to arrive.
  await measured.quiet(500)
  const loaded = await pageTimes(page)

  const firstRow = page.locator('main table tbody tr a[href]').first()
  const recordName = (await firstRow.textContent())?.trim() ?? ''
  const listToDetail = await timedClick(measured, firstRow, 'heading', recordName)
  await measured.quiet(500)

  const back = page.getByRole('link', { name: /^Back to locations/ })
  const detailToBack = await timedClick(measured, back, 'rows')
  await page.waitForFunction(nextPageFetched, undefined, { timeout: 30_000 })
  await measured.quiet(500)

  const firstHref = (await firstRow.getAttribute('href')) ?? ''
  const pager = page.getByRole('navigation', { name: 'Pagination' })
  const next = pager.getByRole('link', { name: /^Next/ }).or(pager.getByRole('button', { name: /^Next/ }))
  const nextPage = await timedClick(measured, next, 'rowsOtherThan', firstHref)

  return {
    firstRowsMs: loaded.marks['load-rows'] ?? Number.NaN,
    cls: cumulativeLayoutShift(loaded.shifts),
    listToDetail,
    detailToBack,
    nextPage,
  }
}

/** Opens `path` and returns its CLS once it has settled and the network has been quiet for a second. */
export async function layoutShiftOf(measured: MeasuredPage, origin: string, path: string): Promise<number> {
  const { page } = measured
  await page.goto(`${origin}${path}`)
  await waitForMark(page, 'load-settled')
  await measured.quiet(1000)
  return cumulativeLayoutShift((await pageTimes(page)).shifts)
}
