/**
 * Reads a Chromium performance trace (the JSON `browser.stopTracing()` returns) into what explains a page's
 * time: each request's start, first byte and end, and the renderer main thread's tasks, all in milliseconds
 * from the page's navigation start (the trace's `navigationStart`, which is the page's `performance.timeOrigin`).
 */

/** The trace categories these readings need (network, main-thread tasks, script, navigation start). */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'toplevel',
]

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown> }
}

export interface RequestSpan {
  url: string
  /** The renderer (or, for the document, the browser) sent it. */
  startMs: number
  /** Response headers arrived (NaN if never). */
  headersMs: number
  /** The body was complete (NaN if never). */
  endMs: number
  fromCache: boolean
  fromServiceWorker: boolean
}

export interface MainThreadTask {
  startMs: number
  durationMs: number
  /** The largest pieces of work inside the task, e.g. `EvaluateScript index-x.js 31.2`. */
  what: string
}

export interface PageTrace {
  requests: RequestSpan[]
  tasks: MainThreadTask[]
}

/** Events that only wrap the real work of a task. */
const WRAPPERS = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
  'SequenceManager::DoIdleWork',
  'ThreadPool_RunTask',
])

const text = (value: unknown) => (typeof value === 'string' ? value : '')

function shortUrl(url: string): string {
  try {
    const { pathname, search } = new URL(url)
    return `${pathname.replace(/^\/assets\//, '')}${search}`
  } catch {
    return url
  }
}

/** What a trace event inside a task was doing, in a few words. */
function whatItDid(event: TraceEvent): string {
  const data = event.args?.data ?? {}
  const url = text(data.url) || text(data.fileName) || text(data.scriptName)
  switch (event.name) {
    case 'EventDispatch':
      return `EventDispatch ${text(data.type)}`
    case 'TimerFire':
      return 'TimerFire (setTimeout)'
    case 'FireAnimationFrame':
      return 'FireAnimationFrame (requestAnimationFrame)'
    case 'FunctionCall':
      return `FunctionCall ${text(data.functionName) || '(anonymous)'} ${shortUrl(url)}`.trim()
    default:
      return url ? `${event.name} ${shortUrl(url)}` : event.name
  }
}

/** The page's navigation start in the trace's clock, and its renderer main thread. */
export interface TraceZero {
  ts: number
  pid: number
  tid: number
}

/** The (last) navigation to a URL starting with `origin` that the trace recorded. */
export function navigationZero(json: string, origin: string): TraceZero {
  const { traceEvents } = JSON.parse(json) as { traceEvents: TraceEvent[] }
  const navigation = traceEvents
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        text(event.args?.data?.documentLoaderURL).startsWith(origin) &&
        event.args?.data?.isLoadingMainFrame === true,
    )
    .at(-1)
  if (!navigation) throw new Error(`The trace holds no navigation to ${origin}.`)
  return { ts: navigation.ts, pid: navigation.pid, tid: navigation.tid }
}

/**
 * The requests and main-thread tasks a trace recorded, in ms from the navigation start `zero` (taken from
 * this trace or an earlier one of the same page: the clock is the same).
 */
export function readTrace(json: string, zero: TraceZero): PageTrace {
  const { traceEvents } = JSON.parse(json) as { traceEvents: TraceEvent[] }
  const ms = (ts: number) => (ts - zero.ts) / 1000

  const byId = new Map<string, RequestSpan>()
  for (const event of traceEvents) {
    const data = event.args?.data
    const id = text(data?.requestId)
    if (!data || !id) continue
    if (event.name === 'ResourceSendRequest' && event.ts >= zero.ts - 50_000) {
      byId.set(id, {
        url: shortUrl(text(data.url)),
        startMs: ms(event.ts),
        headersMs: Number.NaN,
        endMs: Number.NaN,
        fromCache: false,
        fromServiceWorker: false,
      })
    }
    const span = byId.get(id)
    if (!span) continue
    if (event.name === 'ResourceReceiveResponse') {
      span.headersMs = ms(event.ts)
      span.fromCache = data.fromCache === true
      span.fromServiceWorker = data.fromServiceWorker === true
    }
    if (event.name === 'ResourceFinish') {
      const finish =
        typeof data.finishTime === 'number' && data.finishTime > 0 ? data.finishTime * 1e6 : event.ts
      span.endMs = ms(finish)
    }
  }

  const main = traceEvents.filter((event) => event.pid === zero.pid && event.tid === zero.tid)
  const complete = main.filter((event) => event.ph === 'X' && event.dur !== undefined && event.ts >= zero.ts)
  const tasks = complete
    .filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= 1000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0)
      const inside = complete.filter(
        (event) => event !== task && !WRAPPERS.has(event.name) && event.ts >= task.ts && event.ts < end,
      )
      // The outermost pieces only: a piece inside another piece is already counted in it.
      const outer = inside.filter(
        (event) =>
          !inside.some(
            (other) =>
              other !== event &&
              other.ts <= event.ts &&
              other.ts + (other.dur ?? 0) >= event.ts + (event.dur ?? 0) &&
              (other.dur ?? 0) > (event.dur ?? 0),
          ),
      )
      const what = outer
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 3)
        .map((event) => `${whatItDid(event)} ${((event.dur ?? 0) / 1000).toFixed(1)}`)
        .join('; ')
      return { startMs: ms(task.ts), durationMs: (task.dur ?? 0) / 1000, what }
    })
  return {
    requests: [...byId.values()].sort((a, b) => a.startMs - b.startMs),
    tasks,
  }
}

const pad = (value: number, width = 6) => (Number.isNaN(value) ? '—' : value.toFixed(0)).padStart(width)

/** Main-thread time spent in tasks between `from` and `to` (ms from navigation start). */
export function busyBetween(tasks: readonly MainThreadTask[], from: number, to: number): number {
  let busy = 0
  for (const { startMs, durationMs } of tasks) {
    busy += Math.max(0, Math.min(to, startMs + durationMs) - Math.max(from, startMs))
  }
  return busy
}

/**
 * A text waterfall: one line per request (start, first byte, end, main-thread time busy since the previous
 * request ended) and the main thread's tasks of at least `minTaskMs` in `[from, to]`.
 */
export function formatWaterfall(trace: PageTrace, from: number, to: number, minTaskMs = 4): string {
  const lines = ['  start  bytes    end  busy  request']
  for (const request of trace.requests.filter(({ startMs }) => startMs >= from && startMs <= to)) {
    const source = request.fromServiceWorker ? ' (service worker)' : request.fromCache ? ' (HTTP cache)' : ''
    lines.push(
      `${pad(request.startMs)} ${pad(request.headersMs)} ${pad(request.endMs)} ${pad(
        busyBetween(
          trace.tasks,
          request.startMs,
          Number.isNaN(request.endMs) ? request.startMs : request.endMs,
        ),
        5,
      )}  ${request.url}${source}`,
    )
  }
  lines.push('', '  start   dur  main-thread task (largest pieces, ms)')
  for (const task of trace.tasks) {
    if (task.startMs < from || task.startMs > to || task.durationMs < minTaskMs) continue
    lines.push(`${pad(task.startMs)} ${pad(task.durationMs, 5)}  ${task.what}`)
  }
  lines.push(
    '',
    `main thread busy ${busyBetween(trace.tasks, from, to).toFixed(0)} ms of the ${(to - from).toFixed(0)} ms from ${from.toFixed(0)} to ${to.toFixed(0)}`,
  )
  return lines.join('\n')
}
