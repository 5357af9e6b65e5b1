import { LONG_TASK_MS, type MainThreadLoad, WINDOW_MS } from './main-thread'
import { PIECE_ORDER } from './main-thread-trace'
import { ATTRIBUTION_ORDER, type LoadProfile } from './profile-attribution'
import { RENDERED_ROUTES } from './routes'
import { formatSpread, spread } from './stats'

/** The cold loads of one route: with JavaScript, and the same page with JavaScript off (the floor). */
export interface RouteLoads {
  on: MainThreadLoad[]
  off: MainThreadLoad[]
}

/** The targets at 1× CPU: no long task while a rendered page loads, and at most twice the floor's work. */
export const LONGEST_TASK_BOUND_MS = LONG_TASK_MS
export const WORK_OVER_FLOOR_BOUND = 2

const median = (values: readonly number[]) => spread(values).median
const row = (cells: string[]) => `| ${cells.join(' | ')} |`

/** Median work with JavaScript over the median work without: how much the app adds to the page. */
export function workOverFloor(loads: RouteLoads): number {
  return median(loads.on.map(({ workMs }) => workMs)) / median(loads.off.map(({ workMs }) => workMs))
}

export function mainThreadTable(
  byPath: Record<string, RouteLoads>,
  label = (path: string) => path,
): string[] {
  const lines = [
    row([
      'route',
      'longest task ms',
      "longest task's thread time ms",
      `tasks over ${LONG_TASK_MS} ms`,
      'main-thread work ms',
      'JavaScript off: longest task ms',
      'JavaScript off: work ms',
      'work / floor',
      'scripts KB',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ]
  for (const [path, loads] of Object.entries(byPath)) {
    if (loads.on.length === 0) continue
    lines.push(
      row([
        label(path),
        formatSpread(loads.on.map(({ longestTaskMs }) => longestTaskMs)),
        formatSpread(loads.on.map(({ longestTaskCpuMs }) => longestTaskCpuMs)),
        formatSpread(loads.on.map(({ longTasksMs }) => longTasksMs.length)),
        formatSpread(loads.on.map(({ workMs }) => workMs)),
        formatSpread(loads.off.map(({ longestTaskMs }) => longestTaskMs)),
        formatSpread(loads.off.map(({ workMs }) => workMs)),
        loads.off.length > 0 ? `${workOverFloor(loads).toFixed(2)}×` : '—',
        formatSpread(loads.on.map(({ scriptKb }) => scriptKb)),
      ]),
    )
  }
  return lines
}

/** The two 1× targets over every measured rendered route, the worst route named. */
export function mainThreadTargets(byPath: Record<string, RouteLoads>) {
  const measured = RENDERED_ROUTES.filter(({ path }) => (byPath[path]?.on.length ?? 0) > 0)
  if (measured.length === 0) return []
  const worst = (value: (loads: RouteLoads) => number) =>
    measured
      .map(({ path }) => ({ path, value: value(byPath[path] as RouteLoads) }))
      .reduce((high, next) => (next.value > high.value ? next : high))
  const longest = worst((loads) => median(loads.on.map(({ longestTaskMs }) => longestTaskMs)))
  const ratio = worst(workOverFloor)
  const runs = byPath[longest.path]?.on.length ?? 0
  return [
    {
      target: `1× CPU, cold load, median of ${runs}: longest task on each of the ${measured.length} rendered routes: ≤ ${LONGEST_TASK_BOUND_MS} ms`,
      figure: `highest ${longest.value.toFixed(0)} ms (\`${longest.path}\`)`,
      pass: longest.value <= LONGEST_TASK_BOUND_MS,
    },
    {
      target: `1× CPU: main-thread work in the first ${WINDOW_MS / 1000} s on each rendered route: ≤ ${WORK_OVER_FLOOR_BOUND}× the same page with JavaScript off`,
      figure: `highest ${ratio.value.toFixed(2)}× (\`${ratio.path}\`)`,
      pass: ratio.value <= WORK_OVER_FLOOR_BOUND,
    },
  ]
}

/** The mean of each entry over several maps (one per profiled load), in `order`. */
function meanOf(maps: readonly Map<string, number>[], order: readonly string[]): Map<string, number> {
  const mean = new Map<string, number>()
  for (const key of order) {
    const values = maps.map((map) => map.get(key) ?? 0)
    mean.set(key, values.reduce((total, value) => total + value, 0) / Math.max(1, values.length))
  }
  return mean
}

/** One column per profiled page (or build): ms per load and the share of that column's total. */
function meansTable(
  columns: { label: string; maps: readonly Map<string, number>[] }[],
  order: readonly string[],
  first: string,
  total: string,
): string[] {
  const means = columns.map(({ maps }) => meanOf(maps, order))
  const totals = means.map((mean) => [...mean.values()].reduce((sum, value) => sum + value, 0))
  const lines = [
    row([first, ...columns.map(({ label, maps }) => `${label} (${maps.length} loads)`)]),
    row(['---', ...columns.map(() => '---:')]),
  ]
  for (const key of order) {
    const cells = means.map((mean, index) => {
      const ms = mean.get(key) ?? 0
      const share = (totals[index] ?? 0) > 0 ? (100 * ms) / (totals[index] as number) : 0
      return `${ms.toFixed(0)} (${share.toFixed(0)}%)`
    })
    lines.push(row([key, ...cells]))
  }
  lines.push(row([`**${total}**`, ...totals.map((sum) => `**${sum.toFixed(0)}**`)]))
  return lines
}

/**
 * Where the main thread's time went in profiled loads, two ways: the trace's events inside the tasks (what
 * the browser did), and the CPU profile's samples by kind of work (whose code it was).
 */
export function profileTables(columns: { label: string; profiles: readonly LoadProfile[] }[]): string[] {
  return [
    ...meansTable(
      columns.map(({ label, profiles }) => ({ label, maps: profiles.map(({ pieces }) => pieces) })),
      PIECE_ORDER,
      "the main thread's tasks, by the trace's events in them",
      'in tasks',
    ),
    '',
    ...meansTable(
      columns.map(({ label, profiles }) => ({ label, maps: profiles.map(({ kinds }) => kinds) })),
      ATTRIBUTION_ORDER,
      "the CPU profile's samples, by kind of work",
      'busy, all kinds',
    ),
  ]
}
