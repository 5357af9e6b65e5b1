import { cpuRatioToCeiling, type Row, ratioToCeiling, successRate, summarise } from './report'

/** What one dataset's run produced, keyed for the targets. */
export interface DatasetRun {
  label: string
  rows: Row[]
  /** Rows by key: `ceiling`, `a`, `b`, `b-uncached`, `c`. */
  byKey: Map<string, Row>
  servicePeakMb: number
  serviceEndMb: number
}

export interface TargetResult {
  name: string
  measured: string
  pass: boolean
}

/** The service's performance targets (README, Benchmarks). */
export const MIN_FIRST_PAGE_RATIO = 0.7
export const MAX_LARGE_P99_MS = 30
export const MAX_LARGE_PEAK_MB = 400
export const MAX_HOST_ROTATION_P99_MS = 20
export const MAX_ID_LISTS_P99_MS = 50

export function evaluateTargets(
  shipped: DatasetRun | undefined,
  large: DatasetRun | undefined,
  connections: number,
): TargetResult[] {
  const targets: TargetResult[] = []
  const firstPage = shipped?.byKey.get('a')
  if (firstPage?.ceiling) {
    const ratio = ratioToCeiling(firstPage) as number
    targets.push({
      name: `(a) page 1 on the shipped dataset: at least ${MIN_FIRST_PAGE_RATIO * 100}% of the ceiling's requests/s`,
      measured: `${Math.round(ratio * 100)}% (${whole(summarise(firstPage).requestsPerSecond)} of ${whole(summarise(firstPage.ceiling).requestsPerSecond)} req/s); by server CPU per request ${Math.round((cpuRatioToCeiling(firstPage) as number) * 100)}%`,
      pass: ratio >= MIN_FIRST_PAGE_RATIO,
    })
  }
  const rotated = shipped?.byKey.get('d')
  if (rotated) {
    const p99 = summarise(rotated).p99
    targets.push({
      name: `(d) page 1 for one key while another rotates 255-character Hosts at 40 req/s: p99 under ${MAX_HOST_ROTATION_P99_MS} ms`,
      measured: `p99 ${p99.toFixed(1)} ms (page 1 alone: ${firstPage ? summarise(firstPage).p99.toFixed(1) : '?'} ms)`,
      pass: p99 < MAX_HOST_ROTATION_P99_MS,
    })
  }
  const held = shipped?.byKey.get('e')
  if (held) {
    targets.push({
      name: '(e) page 1 for one key while 11 addresses hold 1,100 idle connections against a cap of 1,000: every request served',
      measured: `success ${(successRate(held.runs) * 100).toFixed(2)}%, p99 ${summarise(held).p99.toFixed(1)} ms (page 1 alone: ${firstPage ? summarise(firstPage).p99.toFixed(1) : '?'} ms)`,
      pass: successRate(held.runs) === 1,
    })
  }
  const idLists = large?.byKey.get('f')
  if (idLists) {
    const p99 = summarise(idLists).p99
    targets.push({
      name: `(f) page 1 for one key while another asks for new 500-id lists with br at 40 req/s on the ${large?.label} dataset: p99 under ${MAX_ID_LISTS_P99_MS} ms`,
      measured: `p99 ${p99.toFixed(1)} ms`,
      pass: p99 < MAX_ID_LISTS_P99_MS,
    })
  }
  const filtered = large?.byKey.get('b')
  if (large && filtered) {
    const others = ['b-uncached', 'a', 'c']
      .map((key) => large.byKey.get(key))
      .filter((row): row is Row => row !== undefined)
      .map((row) => `${row.scenario} ${summarise(row).p99.toFixed(1)} ms`)
      .join('; ')
    const p99 = summarise(filtered).p99
    targets.push({
      name: `(b) filtered lists on the ${large.label} dataset: p99 under ${MAX_LARGE_P99_MS} ms at ${connections} connections`,
      measured: `p99 ${p99.toFixed(1)} ms (others: ${others})`,
      pass: p99 < MAX_LARGE_P99_MS,
    })
    targets.push({
      name: `peak memory of the service with the ${large.label} dataset: under ${MAX_LARGE_PEAK_MB} MB`,
      measured: `VmHWM ${Math.round(large.servicePeakMb)} MB (VmRSS at the end ${Math.round(large.serviceEndMb)} MB)`,
      pass: large.servicePeakMb < MAX_LARGE_PEAK_MB,
    })
  }
  return targets
}

export function targetLines(targets: readonly TargetResult[]): string[] {
  return targets.map((target) => `${target.pass ? 'PASS' : 'FAIL'}  ${target.name}: ${target.measured}`)
}

function whole(value: number): string {
  return Math.round(value).toLocaleString('en-US')
}
