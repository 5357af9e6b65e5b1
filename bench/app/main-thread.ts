import { setTimeout as delay } from 'node:timers/promises'
import type { Browser } from '@playwright/test'
import {
  type MainThreadTrace,
  PROFILE_CATEGORIES,
  readMainThread,
  TASK_CATEGORIES,
} from './main-thread-trace'

/** The first seconds of a load whose main-thread work is counted. */
export const WINDOW_MS = 4000
/** A task longer than this blocks input (the Long Tasks API's and Lighthouse's threshold). */
export const LONG_TASK_MS = 50

/** One cold load of a page at 1× CPU, its first `WINDOW_MS`. */
export interface MainThreadLoad {
  /** The longest task of the page's main thread (the trace's `RunTask`), ms. */
  longestTaskMs: number
  /**
   * The most time the thread ran in one task, ms (the trace's thread clock): on a busy machine a task lasts
   * longer than its work, as other processes take the core; this is the part that was the page's.
   */
  longestTaskCpuMs: number
  /** The tasks over `LONG_TASK_MS` the Long Tasks API reported, their durations in ms. */
  longTasksMs: number[]
  /**
   * Main-thread work, ms: CDP's `TaskDuration` (Performance domain) at the end of the window, taken on the
   * thread's own clock (`threadTicks`: the time the thread ran, not the time another process held the core).
   */
  workMs: number
  /** JavaScript the page downloaded in the window, decoded, KB (resource timing of scripts). */
  scriptKb: number
}

/** The script a measured page runs first: it keeps every long task the Long Tasks API reports. */
const LONG_TASKS_SCRIPT = `(() => {
  const tasks = []
  window.__longTasks = tasks
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
})()`

/** The scripts in the page's resource timing, decoded KB (0 with JavaScript off: no script ran to ask). */
const SCRIPT_KB = `performance.getEntriesByType('resource')
  .filter((entry) => entry.initiatorType === 'script' || /\\.js($|\\?)/.test(entry.name))
  .reduce((total, entry) => total + entry.decodedBodySize, 0) / 1024`

export interface LoadOptions {
  /** false: the same page with JavaScript off, the floor of what the page costs. */
  javaScript: boolean
  /** Also record V8's CPU profile (the load is then slower: its figures are not the measured ones). */
  profile?: boolean
}

/**
 * Opens `path` in a new browser context (empty cache and storage: a first visit) at 1× CPU with no added
 * latency, traces the first `WINDOW_MS` and reads the page's main thread.
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  options: LoadOptions,
): Promise<{ load: MainThreadLoad; trace: MainThreadTrace }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    javaScriptEnabled: options.javaScript,
  })
  try {
    const page = await context.newPage()
    await page.addInitScript(LONG_TASKS_SCRIPT)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    await browser.startTracing(page, { categories: options.profile ? PROFILE_CATEGORIES : TASK_CATEGORIES })
    const started = Date.now()
    let json: string
    let metrics: { name: string; value: number }[]
    try {
      await page.goto(url, { waitUntil: 'commit' })
      await delay(Math.max(0, WINDOW_MS - (Date.now() - started)))
      ;({ metrics } = await cdp.send('Performance.getMetrics'))
    } finally {
      json = (await browser.stopTracing()).toString('utf8')
    }
    const trace = readMainThread(json, new URL(url).origin)
    const windowEnd = (trace.tasks[0]?.ts ?? 0) + WINDOW_MS * 1000
    const inWindow = trace.tasks.filter(({ ts }) => ts < windowEnd)
    const [longTasksMs, scriptKb] = await Promise.all([
      page.evaluate('window.__longTasks ?? []') as Promise<number[]>,
      options.javaScript ? (page.evaluate(SCRIPT_KB) as Promise<number>) : Promise.resolve(0),
    ])
    const taskSeconds = metrics.find(({ name }) => name === 'TaskDuration')?.value ?? Number.NaN
    return {
      load: {
        longestTaskMs: Math.max(0, ...inWindow.map(({ ms }) => ms)),
        longestTaskCpuMs: Math.max(0, ...inWindow.map(({ cpuMs }) => cpuMs)),
        longTasksMs,
        workMs: taskSeconds * 1000,
        scriptKb,
      },
      trace,
    }
  } finally {
    await context.close()
  }
}
