import { writeLatest } from '../benchmarks-doc'
import type { Journey, Navigation } from './journey'
import type { LighthouseRun } from './lighthouse'
import { WINDOW_MS } from './main-thread'
import { mainThreadTable, mainThreadTargets, profileTables, type RouteLoads } from './main-thread-report'
import type { LoadProfile } from './profile-attribution'
import { CACHES, type Cache, LATENCIES_MS, RENDERED_ROUTES, ROUTES } from './routes'
import { formatSpread, spread } from './stats'

/** `0-cold`, `150-warm`, … */
export type ConditionKey = `${(typeof LATENCIES_MS)[number]}-${Cache}`

export function conditionKey(latency: (typeof LATENCIES_MS)[number], cache: Cache): ConditionKey {
  return `${latency}-${cache}`
}

export const CONDITIONS: ConditionKey[] = LATENCIES_MS.flatMap((latency) =>
  CACHES.map((cache) => conditionKey(latency, cache)),
)

/** One fresh value per condition. */
export function perCondition<T>(make: () => T): Record<ConditionKey, T> {
  return { '0-cold': make(), '0-warm': make(), '150-cold': make(), '150-warm': make() }
}

export interface Measurements {
  journeys: Record<ConditionKey, Journey[]>
  /** Per condition, per route path: CLS of each load. */
  shifts: Record<ConditionKey, Record<string, number[]>>
  /** Per rendered route path: cold loads at 1×, with JavaScript and without. */
  mainThread: Record<string, RouteLoads>
  /** Per rendered route path: where the main thread's time went, one entry per profiled load. */
  profiles: Record<string, LoadProfile[]>
  /** Per route path, with the calibrated CPU slowdown; empty when Lighthouse was skipped. */
  lighthouse: Record<string, LighthouseRun[]>
  /** The same with Lighthouse's default 4× slowdown. */
  defaultLighthouse: Record<string, LighthouseRun[]>
  /** Per rendered route path, on a service with keys configured (the first views are frames). */
  keyedLighthouse: Record<string, LighthouseRun[]>
}

export interface RunInfo {
  date: Date
  commit: string
  machine: string
  node: string
  chromium: string
  loadBefore: number
  loadAfter: number
  /** Sampled at every step of the run. */
  loadDuring: number[]
  runs: number
  lighthouseRuns: number
  defaultLighthouseRuns: number
  /** The machine's benchmarkIndex, measured before the runs. */
  benchmarkIndexes: number[]
  /** The CPU slowdown of the run's Lighthouse measurements (calibrated from benchmarkIndex, or asked for). */
  slowdown: number
  minutes: number
  /** The first page's JavaScript, gzipped (server/build/bundle-size.ts). */
  firstPageJsBytes: number
}

const heading = (key: ConditionKey) => {
  const [latency, cache] = key.split('-')
  return `${latency} ms, ${cache}`
}

function row(label: string, cells: string[]): string {
  return `| ${label} | ${cells.join(' | ')} |`
}

function browserTable(measured: Measurements): string[] {
  const over = (pick: (journey: Journey) => number, digits = 0) =>
    CONDITIONS.map((key) => formatSpread(measured.journeys[key].map(pick), digits))
  const navigation = (label: string, pick: (journey: Journey) => Navigation) => [
    row(
      `${label}, ms`,
      over((journey) => pick(journey).ms),
    ),
    row(
      `${label}, requests`,
      over((journey) => pick(journey).requests),
    ),
  ]
  return [
    row('measure', CONDITIONS.map(heading)),
    row(
      '---',
      CONDITIONS.map(() => '---:'),
    ),
    row(
      'first load of `/locations` to rows, ms',
      over((journey) => journey.firstRowsMs),
    ),
    ...navigation('list → detail', (journey) => journey.listToDetail),
    ...navigation('detail → back', (journey) => journey.detailToBack),
    ...navigation('next page (prefetched)', (journey) => journey.nextPage),
    ...ROUTES.map(({ path, label }) =>
      row(
        `CLS, ${label} (\`${path}\`)`,
        CONDITIONS.map((key) => formatSpread(measured.shifts[key][path] ?? [], 3)),
      ),
    ),
  ]
}

function lighthouseTable(byPath: Record<string, LighthouseRun[]>): string[] {
  const lines = [
    row('route', [
      'performance',
      'accessibility',
      'best practices',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'benchmarkIndex',
    ]),
    row('---', ['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ]
  for (const { path, label } of ROUTES) {
    const runs = byPath[path] ?? []
    if (runs.length === 0) continue
    const over = (pick: (run: LighthouseRun) => number, digits: number) =>
      formatSpread(runs.map(pick), digits)
    lines.push(
      row(`${label} (\`${path}\`)`, [
        over((run) => run.performance, 2),
        over((run) => run.accessibility, 2),
        over((run) => run.bestPractices, 2),
        over((run) => run.fcpMs, 0),
        over((run) => run.lcpMs, 0),
        over((run) => run.tbtMs, 0),
        over((run) => run.cls, 3),
        over((run) => run.benchmarkIndex, 0),
      ]),
    )
  }
  return lines
}

/** One of the explorer's targets: what was measured, and whether it is met (null: not measured in this run). */
interface TargetResult {
  target: string
  figure: string
  pass: boolean | null
}

const median = (values: readonly number[]) => spread(values).median
const AT_150: ConditionKey[] = ['150-cold', '150-warm']

function navigationTarget(measured: Measurements, label: string, pick: (journey: Journey) => Navigation) {
  const journeys = AT_150.flatMap((key) => measured.journeys[key])
  if (journeys.length === 0) return { target: '', figure: '', pass: null }
  const medians = AT_150.map((key) => median(measured.journeys[key].map((journey) => pick(journey).ms)))
  const worst = Math.max(...medians.filter((value) => !Number.isNaN(value)))
  const requests = Math.max(...journeys.map((journey) => pick(journey).requests))
  return {
    target: `${label} at 150 ms: ≤ 50 ms and no request`,
    figure: `${worst.toFixed(0)} ms (median, worse of cold and warm), at most ${requests} requests`,
    pass: worst <= 50 && requests === 0,
  }
}

/** The explorer's targets, each with the figure this run measured and PASS or FAIL. */
export function targetResults(measured: Measurements, info: RunInfo): TargetResult[] {
  const results: TargetResult[] = []
  const cold = measured.journeys['150-cold']
  if (cold.length > 0) {
    const firstRows = median(cold.map((journey) => journey.firstRowsMs))
    results.push(
      {
        target: 'cold first load of `/locations` to rows at 150 ms: ≤ 500 ms',
        figure: `${firstRows.toFixed(0)} ms (median)`,
        pass: firstRows <= 500,
      },
      navigationTarget(measured, 'list → detail', (journey) => journey.listToDetail),
      navigationTarget(measured, 'detail → back', (journey) => journey.detailToBack),
    )
    const next = navigationTarget(measured, 'next page (prefetched)', (journey) => journey.nextPage)
    results.push({ ...next, target: 'next page (prefetched) at 150 ms: ≤ 50 ms and no request' })
    let worstCls = { value: Number.NaN, where: '' }
    for (const key of CONDITIONS) {
      for (const { path } of ROUTES) {
        const value = median(measured.shifts[key][path] ?? [])
        if (Number.isNaN(value) || value <= worstCls.value) continue
        worstCls = { value, where: `\`${path}\`, ${heading(key)}` }
      }
    }
    if (!Number.isNaN(worstCls.value)) {
      results.push({
        target: 'CLS on every route: ≤ 0.02',
        figure: `${worstCls.value.toFixed(3)} at worst (median, ${worstCls.where})`,
        pass: worstCls.value <= 0.02,
      })
    }
  }
  results.push(...mainThreadTargets(measured.mainThread))
  results.push(...lighthouseTargets(measured.lighthouse, `calibrated ${info.slowdown}×`))
  results.push(...defaultSlowdownFigures(measured.defaultLighthouse))
  results.push({
    target: "first page's JavaScript: ≤ 125 KB gzipped",
    figure: `${(info.firstPageJsBytes / 1024).toFixed(1)} KB`,
    pass: info.firstPageJsBytes <= 125 * 1024,
  })
  return results
}

/** The route whose median is worst, with that median, over the audited rendered routes. */
function worstRoute(
  byPath: Record<string, LighthouseRun[]>,
  pick: (run: LighthouseRun) => number,
  higherIsBetter: boolean,
) {
  return RENDERED_ROUTES.filter(({ path }) => (byPath[path] ?? []).length > 0)
    .map(({ path }) => ({ path, value: median((byPath[path] ?? []).map(pick)) }))
    .reduce((low, next) => ((higherIsBetter ? next.value < low.value : next.value > low.value) ? next : low))
}

/**
 * Lighthouse's targets on the routes the service renders: each median at its bound, the worst route named;
 * performance's goal beside the TBT and benchmarkIndex of that route.
 */
function lighthouseTargets(byPath: Record<string, LighthouseRun[]>, slowdown: string): TargetResult[] {
  const audited = RENDERED_ROUTES.filter(({ path }) => (byPath[path] ?? []).length > 0)
  if (audited.length === 0) return []
  const medianOf = (path: string, pick: (run: LighthouseRun) => number) =>
    median((byPath[path] ?? []).map(pick))
  const bounds: [string, (run: LighthouseRun) => number, number, boolean, number][] = [
    ['first contentful paint ms', (run) => run.fcpMs, 1500, false, 0],
    ['LCP ms', (run) => run.lcpMs, 1800, false, 0],
    ['CLS', (run) => run.cls, 0.02, false, 3],
    ['accessibility', (run) => run.accessibility, 1, true, 2],
    ['best practices', (run) => run.bestPractices, 1, true, 2],
    ['TBT ms', (run) => run.tbtMs, 100, false, 0],
    ['performance (the goal)', (run) => run.performance, 0.97, true, 2],
  ]
  return bounds.map(([name, pick, bound, higherIsBetter, digits]) => {
    const { path, value } = worstRoute(byPath, pick, higherIsBetter)
    const context =
      name === 'performance (the goal)'
        ? `; TBT there ${medianOf(path, (run) => run.tbtMs).toFixed(0)} ms, benchmarkIndex ${medianOf(path, (run) => run.benchmarkIndex).toFixed(0)}`
        : ''
    return {
      target: `Lighthouse mobile (${slowdown} CPU) ${name}, median on each of the ${audited.length} rendered routes: ${higherIsBetter ? '≥' : '≤'} ${bound}`,
      figure: `${higherIsBetter ? 'lowest' : 'highest'} ${value.toFixed(digits)} (\`${path}\`)${context}`,
      pass: higherIsBetter ? value >= bound : value <= bound,
    }
  })
}

/** Performance and TBT at Lighthouse's default 4×, reported beside the calibrated targets (no bound). */
function defaultSlowdownFigures(byPath: Record<string, LighthouseRun[]>): TargetResult[] {
  if (!RENDERED_ROUTES.some(({ path }) => (byPath[path] ?? []).length > 0)) return []
  const performance = worstRoute(byPath, (run) => run.performance, true)
  const tbt = worstRoute(byPath, (run) => run.tbtMs, false)
  return [
    {
      target: 'Lighthouse mobile (default 4× CPU) performance and TBT, median on each rendered route',
      figure: `lowest ${performance.value.toFixed(2)} (\`${performance.path}\`), highest TBT ${tbt.value.toFixed(0)} ms (\`${tbt.path}\`)`,
      pass: null,
    },
  ]
}

function targetLines(measured: Measurements, info: RunInfo): string[] {
  const verdict = (pass: boolean | null) => (pass === null ? 'reported' : pass ? 'PASS' : 'FAIL')
  return [
    `The explorer's targets; load average ${info.loadBefore.toFixed(2)} before the run, ${formatSpread(info.loadDuring, 2)} ` +
      `during it (median and range of ${info.loadDuring.length} samples), ${info.loadAfter.toFixed(2)} after ` +
      `(${info.machine}):`,
    '',
    row('target', ['measured', 'verdict']),
    row('---', ['---', '---']),
    ...targetResults(measured, info)
      .filter(({ target }) => target !== '')
      .map(({ target, figure, pass }) => row(target, [figure, `**${verdict(pass)}**`])),
  ]
}

export function reportMarkdown(measured: Measurements, info: RunInfo): string {
  const when = `${info.date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const lines = [
    `Measured ${when} at commit \`${info.commit}\` by \`npm run bench:app\` (${info.minutes} minutes): ` +
      `${info.machine}, Node ${info.node}, Chromium ${info.chromium}; load average ${info.loadBefore.toFixed(2)} ` +
      `before and ${info.loadAfter.toFixed(2)} after. The machine's Lighthouse benchmarkIndex before the runs: ` +
      `${formatSpread(info.benchmarkIndexes)} (median and range of ${info.benchmarkIndexes.length}), so the ` +
      `calibrated CPU slowdown (the median / 1000, between 1 and 4) is ${info.slowdown}×.`,
    '',
    ...targetLines(measured, info),
  ]
  const label = (path: string) => {
    const route = ROUTES.find((candidate) => candidate.path === path)
    return route ? `${route.label} (\`${path}\`)` : `\`${path}\``
  }
  if (Object.keys(measured.mainThread).length > 0) {
    lines.push(
      '',
      `The main thread at 1× CPU (no slowdown, no added latency), cold loads (a new browser context each), ` +
        `the first ${WINDOW_MS / 1000} s from the navigation: medians, range in brackets. Longest task: the ` +
        "page's main thread in a Chromium trace; tasks over 50 ms: the Long Tasks API; work: CDP's " +
        "`TaskDuration` on the thread's own clock; JavaScript off: the same HTML without scripts, the floor:",
      '',
      ...mainThreadTable(measured.mainThread, label),
    )
  }
  const profiled = RENDERED_ROUTES.filter(({ path }) => (measured.profiles[path] ?? []).length > 0)
  if (profiled.length > 0) {
    lines.push(
      '',
      'Where the main thread’s time goes in the same loads, profiled (V8’s sampling profiler in the trace, ' +
        'each sample read back to its source through the build’s source maps and given to the first kind ' +
        'of work its stack shows; the profiler slows the page, so these are shares, ms per load):',
      '',
      ...profileTables(
        profiled.map(({ path }) => ({ label: `\`${path}\``, profiles: measured.profiles[path] ?? [] })),
      ),
      '',
      'The three tasks of each profiled load in which the main thread ran longest, with what their samples show:',
      '',
      '```',
      ...profiled.flatMap(({ path }) => [
        path,
        ...(measured.profiles[path] ?? []).flatMap(({ longestTasks }) =>
          longestTasks.map((line) => `  ${line}`),
        ),
      ]),
      '```',
    )
  }
  if (info.runs > 0) {
    lines.push(
      '',
      `In headless Chromium at 1280×800, medians of ${info.runs} visits (range in brackets), ` +
        'with 0 or 150 ms added to every request; times from the navigation start ' +
        '(first load) or the click to the moment the DOM holds the result, taken in the page; requests ' +
        'are those the page sent in that time (from the HTTP cache or not, the icon aside):',
      '',
      ...browserTable(measured),
    )
  }
  if (Object.keys(measured.lighthouse).length > 0) {
    lines.push(
      '',
      `Lighthouse (mobile: simulated slow 4G, the CPU ${info.slowdown}× slower: calibrated), ` +
        `${info.lighthouseRuns} runs per route, medians, range in brackets; demo mode (the service renders ` +
        'every route but settings with its data):',
      '',
      ...lighthouseTable(measured.lighthouse),
    )
  }
  if (Object.keys(measured.defaultLighthouse).length > 0) {
    lines.push(
      '',
      `The same with Lighthouse's default 4× CPU slowdown, ${info.defaultLighthouseRuns} runs per route:`,
      '',
      ...lighthouseTable(measured.defaultLighthouse),
    )
  }
  if (Object.keys(measured.keyedLighthouse).length > 0) {
    lines.push(
      '',
      `On a service with keys configured and a key kept in the browser (calibrated ${info.slowdown}×): the ` +
        'service renders each page’s frame (heading, filter form, room for the rows), and the app fetches ' +
        'the data:',
      '',
      ...lighthouseTable(measured.keyedLighthouse),
    )
  }
  return `${lines.join('\n')}\n`
}

/** Writes `markdown` as the latest run of docs/benchmarks.md's explorer section (bench/benchmarks-doc.ts). */
export function writeBetweenMarkers(file: string, markdown: string): void {
  writeLatest('app', markdown, file)
}
