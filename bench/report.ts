import type { LoadResult } from './load'

/** One timed run, with the CPU time the answering process spent per request. */
export type Run = LoadResult & { cpuUsPerRequest: number }

/** One line of the table: a scenario (or the ceiling) on one dataset, measured one or more times. */
export interface Row {
  dataset: string
  scenario: string
  runs: Run[]
  /** The ceiling row of the same dataset, for the ratio; absent on the ceiling row itself. */
  ceiling?: Row
  /** Resident-set high-water mark (VmHWM) of the process that answered, in MiB. */
  peakMb: number
}

export interface Summary {
  requestsPerSecond: number
  minRequestsPerSecond: number
  maxRequestsPerSecond: number
  p50: number
  p99: number
  cpuUsPerRequest: number
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** Medians over the runs (the machine is shared and noisy), and the spread of requests per second. */
export function summarise(row: Row): Summary {
  const rates = row.runs.map((run) => run.requestsPerSecond)
  return {
    requestsPerSecond: median(rates),
    minRequestsPerSecond: Math.min(...rates),
    maxRequestsPerSecond: Math.max(...rates),
    p50: median(row.runs.map((run) => run.p50)),
    p99: median(row.runs.map((run) => run.p99)),
    cpuUsPerRequest: median(row.runs.map((run) => run.cpuUsPerRequest)),
  }
}

export function ratioToCeiling(row: Row): number | null {
  if (!row.ceiling) return null
  return summarise(row).requestsPerSecond / summarise(row.ceiling).requestsPerSecond
}

/**
 * The ceiling's CPU time per request over this row's: the share of the ceiling's rate the service would reach
 * if the server's CPU were the only limit. Steadier than the rate ratio on a busy machine.
 */
export function cpuRatioToCeiling(row: Row): number | null {
  if (!row.ceiling) return null
  return summarise(row.ceiling).cpuUsPerRequest / summarise(row).cpuUsPerRequest
}

const HEADINGS = [
  'dataset',
  'scenario',
  'requests/s (min–max)',
  'p50 ms',
  'p99 ms',
  'ratio to ceiling',
  'server CPU µs/request',
  'CPU ratio',
  'peak RSS MB',
]

function cells(row: Row): string[] {
  const summary = summarise(row)
  const ratio = ratioToCeiling(row)
  const cpuRatio = cpuRatioToCeiling(row)
  const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`)
  const whole = (value: number) => Math.round(value).toLocaleString('en-US')
  const spread =
    row.runs.length > 1
      ? ` (${whole(summary.minRequestsPerSecond)}–${whole(summary.maxRequestsPerSecond)})`
      : ''
  return [
    row.dataset,
    row.scenario,
    `${whole(summary.requestsPerSecond)}${spread}`,
    summary.p50.toFixed(2),
    summary.p99.toFixed(2),
    percent(ratio),
    Math.round(summary.cpuUsPerRequest).toString(),
    percent(cpuRatio),
    Math.round(row.peakMb).toString(),
  ]
}

export function markdownTable(rows: readonly Row[]): string {
  const lines = [
    `| ${HEADINGS.join(' | ')} |`,
    `|${HEADINGS.map((_, index) => (index < 2 ? '---' : '---:')).join('|')}|`,
  ]
  for (const row of rows) lines.push(`| ${cells(row).join(' | ')} |`)
  return lines.join('\n')
}

export function textTable(rows: readonly Row[]): string {
  const table = [HEADINGS, ...rows.map(cells)]
  const widths = HEADINGS.map((_, column) =>
    Math.max(...table.map((line) => (line[column] as string).length)),
  )
  return table
    .map((line) =>
      line
        .map((cell, column) =>
          column < 2 ? cell.padEnd(widths[column] as number) : cell.padStart(widths[column] as number),
        )
        .join('  '),
    )
    .join('\n')
}

/** The share of requests answered with a 2xx over runs: errors and other statuses count against it. */
export function successRate(runs: readonly Run[]): number {
  let ok = 0
  let all = 0
  for (const run of runs) {
    ok += run.requests - run.non2xx
    all += run.requests + run.errors
  }
  return all === 0 ? 0 : ok / all
}
