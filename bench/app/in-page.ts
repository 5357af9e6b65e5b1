/**
 * The script every measured page runs before its own code (Playwright's `addInitScript`). It is plain
 * JavaScript in a string, so that no compiler helper leaks into the page, and it builds no code from strings,
 * so the explorer's Content-Security-Policy does not have to allow `eval`.
 *
 * - `__bench.shifts`: every layout shift without recent input (PerformanceObserver, `layout-shift`).
 * - `__bench.clickAt`: the time stamp of the last click (capture phase, the event's own `timeStamp`).
 * - `__bench.arm(name, kind, argument)`: from now on, a MutationObserver checks the condition `kind` (one of
 *   `CONDITIONS`) after every change of the DOM; the first time it holds, `__bench.marks[name]` gets
 *   `performance.now()`: when the DOM first holds what a user is waiting for, before the paint that follows.
 * - `__bench.marks['load-rows']`, `['load-settled']` and `['load-app']`: armed from the start, for the first
 *   load (`load-app`: the app has set the page's title, once it has rendered or hydrated the page).
 * All times are milliseconds from the navigation's start (the page's time origin).
 */
export const IN_PAGE_SCRIPT = `(() => {
  const firstRowLink = () => document.querySelector('main table tbody tr a[href]')
  const conditions = {
    // The list's rows are in the table: a row holds a link to its record (skeleton rows hold none).
    rows: () => firstRowLink() !== null,
    // The first row links somewhere else than before: the next page's rows replaced the old ones.
    rowsOtherThan: (href) => firstRowLink() !== null && firstRowLink().getAttribute('href') !== href,
    // The page's heading reads the given text.
    heading: (text) => document.querySelector('main h1')?.textContent.trim() === text,
    // Nothing is loading any more: a heading, no skeleton, nothing busy.
    settled: () =>
      document.querySelector('main h1') !== null &&
      document.querySelector('main .skeleton, main [aria-busy="true"]') === null,
    // The app has set the page's title ("Locations · Catalogue Explorer"; the HTML's is the site's name alone).
    app: () => document.title.includes(' · '),
  }
  const bench = { shifts: [], marks: {}, clickAt: null, armed: [] }
  window.__bench = bench
  performance.setResourceTimingBufferSize(5000)
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) bench.shifts.push({ at: entry.startTime, value: entry.value })
    }
  }).observe({ type: 'layout-shift', buffered: true })
  document.addEventListener('click', (event) => { bench.clickAt = event.timeStamp }, true)
  const check = () => {
    const now = performance.now()
    bench.armed = bench.armed.filter(({ name, kind, argument }) => {
      const holds = Boolean(conditions[kind](argument))
      if (holds) bench.marks[name] = now
      return !holds
    })
  }
  bench.arm = (name, kind, argument) => {
    delete bench.marks[name]
    bench.armed.push({ name, kind, argument })
    check()
  }
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  })
  // Armed from the navigation's start: the first load's own marks.
  bench.arm('load-rows', 'rows')
  bench.arm('load-settled', 'settled')
  bench.arm('load-app', 'app')
})()`

/** The conditions `__bench.arm` knows. */
export type Condition = 'rows' | 'rowsOtherThan' | 'heading' | 'settled' | 'app'

/**
 * Cumulative layout shift as the browser defines it: the largest session window of shifts (each shift less
 * than 1 s after the previous one, the window at most 5 s long).
 */
export function cumulativeLayoutShift(shifts: readonly { at: number; value: number }[]): number {
  let worst = 0
  let current = 0
  let windowStart = Number.NEGATIVE_INFINITY
  let previous = Number.NEGATIVE_INFINITY
  for (const { at, value } of shifts) {
    if (at - previous > 1000 || at - windowStart > 5000) {
      current = 0
      windowStart = at
    }
    current += value
    previous = at
    worst = Math.max(worst, current)
  }
  return worst
}

declare global {
  interface Window {
    /** Set by `IN_PAGE_SCRIPT` in measured pages. */
    __bench?: { marks: Record<string, number> }
  }
}
