import { writeLatest } from '../benchmarks-doc'
import type { Journey, Navigation } from './journey'
import type { LighthouseRun } from './lighthouse'
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
  /** Per route path; empty when Lighthouse was skipped. */
  lighthouse: Record<string, LighthouseRun[]>
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
  results.push(...lighthouseTargets(measured.lighthouse))
  results.push({
    target: "first page's JavaScript: ≤ 125 KB gzipped",
    figure: `${(info.firstPageJsBytes / 1024).toFixed(1)} KB`,
    pass: info.firstPageJsBytes <= 125 * 1024,
  })
  return results
}

/**
 * Lighthouse's targets on the routes the service renders (issue 22): each median at its bound, the worst
 * route named; performance's goal beside the TBT and benchmarkIndex of that route.
 */
function lighthouseTargets(byPath: Record<string, LighthouseRun[]>): TargetResult[] {
  const audited = RENDERED_ROUTES.filter(({ path }) => (byPath[path] ?? []).length > 0)
  if (audited.length === 0) return []
  const medianOf = (path: string, pick: (run: LighthouseRun) => number) =>
    median((byPath[path] ?? []).map(pick))
  const worst = (pick: (run: LighthouseRun) => number, higherIsBetter: boolean) =>
    audited
      .map(({ path }) => ({ path, value: medianOf(path, pick) }))
      .reduce((low, next) =>
        (higherIsBetter ? next.value < low.value : next.value > low.value) ? next : low,
      )
  const bounds: [string, (run: LighthouseRun) => number, number, boolean, number][] = [
    ['first contentful paint ms', (run) => run.fcpMs, 1500, false, 0],
    ['LCP ms', (run) => run.lcpMs, 1800, false, 0],
    ['CLS', (run) => run.cls, 0.02, false, 3],
    ['accessibility', (run) => run.accessibility, 1, true, 2],
    ['best practices', (run) => run.bestPractices, 1, true, 2],
    ['performance (the goal)', (run) => run.performance, 0.97, true, 2],
  ]
  return bounds.map(([name, pick, bound, higherIsBetter, digits]) => {
    const { path, value } = worst(pick, higherIsBetter)
    const context =
      name === 'performance (the goal)'
        ? `; TBT there ${medianOf(path, (run) => run.tbtMs).toFixed(0)} ms, benchmarkIndex ${medianOf(path, (run) => run.benchmarkIndex).toFixed(0)}`
        : ''
    return {
      target: `Lighthouse mobile ${name}, median on each of the ${audited.length} rendered routes: ${higherIsBetter ? '≥' : '≤'} ${bound}`,
      figure: `${higherIsBetter ? 'lowest' : 'highest'} ${value.toFixed(digits)} (\`${path}\`)${context}`,
      pass: higherIsBetter ? value >= bound : value <= bound,
    }
  })
}

function targetLines(measured: Measurements, info: RunInfo): string[] {
  const verdict = (pass: boolean | null) => (pass === null ? 'not measured' : pass ? 'PASS' : 'FAIL')
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
      `before and ${info.loadAfter.toFixed(2)} after.`,
    '',
    ...targetLines(measured, info),
  ]
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
      `Lighthouse (mobile: simulated slow 4G and a 4× slower CPU), ${info.lighthouseRuns} runs per route, ` +
        'medians, range in brackets; demo mode (the service renders every route but settings with its data):',
      '',
      ...lighthouseTable(measured.lighthouse),
    )
  }
  if (Object.keys(measured.keyedLighthouse).length > 0) {
    lines.push(
      '',
      'The same, on a service with keys configured and a key kept in the browser: the service renders each ' +
        'page’s frame (heading, filter form, room for the rows), and the app fetches the data:',
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
