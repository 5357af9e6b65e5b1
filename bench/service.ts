/**
 * The service benchmark (issue 2, item 8): `npm run bench:service`. Not part of `npm test`.
 *
 * For the shipped dataset and a generated 100,000-location one, starts the real service (`server/main.ts`,
 * rate limiting off) and a bare `node:http` ceiling as separate processes, and drives both from this process
 * with autocannon: (a) page 1 of the locations list, (b) filtered lists over 1,000+ distinct filter values,
 * (c) 20 ids in one request. Prints a table of medians, checks the targets, and writes the table as Markdown
 * to bench/results/latest.md.
 *
 * Flags: --duration S (10) seconds per measurement, --warmup S (2), --rounds N (3) measurements of each
 * scenario and of the ceiling, interleaved; --connections N (10); --datasets shipped,large (both).
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureLargeDataset, LARGE_LOCATIONS } from './large-dataset'
import { drive, type LoadResult, type LoadSettings } from './load'
import { memoryOf, type ServerProcess, startServer, stopServer } from './processes'
import {
  markdownTable,
  type Row,
  ratioToCeiling,
  summarise,
  type TargetResult,
  targetLines,
  textTable,
} from './report'
import { getOnce } from './request'
import {
  filteredListsScenarios,
  firstPageScenario,
  readLocations,
  type Scenario,
  twentyIdsScenario,
} from './scenarios'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SHIPPED_DATASET = join(ROOT, 'server/data/catalogue.json')
const RESULTS_FILE = join(ROOT, 'bench/results/latest.md')
const WORK_DIR = join(tmpdir(), 'catalogue-bench')

/** Targets from the issue. */
const MIN_FIRST_PAGE_RATIO = 0.7
const MAX_LARGE_P99_MS = 30
const MAX_LARGE_PEAK_MB = 400

/** Response headers of the service's page 1 that the ceiling does not copy: Node writes its own. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    datasets: { type: 'string', default: 'shipped,large' },
  },
})
const duration = Number(flags.duration)
const warmup = Number(flags.warmup)
const rounds = Number(flags.rounds)
const connections = Number(flags.connections)
const datasetNames = flags.datasets.split(',')

/** A key made for this run only; it goes in the Authorization header and nowhere else. */
const apiKey = `bench-${randomBytes(12).toString('hex')}`
const authorization = { authorization: `Bearer ${apiKey}` }

interface DatasetRun {
  rows: Row[]
  /** Scenario id to its row, for the targets. */
  byScenario: Map<string, Row>
  servicePeakMb: number
  serviceEndMb: number
  invalid: string[]
}

async function benchDataset(label: string, datasetPath: string): Promise<DatasetRun> {
  const locations = readLocations(datasetPath)
  const filtered = filteredListsScenarios(locations)
  const scenarios: Scenario[] = [firstPageScenario(), filtered.steady, twentyIdsScenario(locations)]
  const { stats } = filtered
  console.log(
    `\n${label}: ${locations.length.toLocaleString('en-US')} locations. Filtered lists: ${stats.distinctPaths} distinct requests, ${stats.distinctValues} distinct filter values, ${stats.twoFilters} with two filters, ${stats.withPage} with a later page, ${stats.empty} empty.`,
  )

  const serviceLog = join(WORK_DIR, `service-${label}.log`)
  const service = await startServer({
    name: `service (${label})`,
    script: 'server/main.ts',
    cwd: ROOT,
    env: {
      ...process.env,
      CATALOGUE_API_KEYS: apiKey,
      CATALOGUE_DATA: datasetPath,
      CATALOGUE_RATE_LIMIT: '0',
      CATALOGUE_PUBLIC_URL: '',
    },
    stdoutFile: serviceLog,
    readyPath: firstPageScenario().paths[0] as string,
    readyHeaders: authorization,
  })
  let ceiling: ServerProcess | null = null
  try {
    const page1 = await getOnce(service.origin, firstPageScenario().paths[0] as string, authorization)
    if ('ratelimit-limit' in page1.headers)
      throw new Error('The service is rate limiting; the benchmark needs it off.')
    const ceilingFile = join(WORK_DIR, `ceiling-${label}.json`)
    const headers = Object.fromEntries(
      Object.entries(page1.headers).filter(
        ([name, value]) => !HOP_HEADERS.has(name) && typeof value === 'string',
      ),
    )
    writeFileSync(ceilingFile, JSON.stringify({ headers, bodyBase64: page1.body.toString('base64') }))
    ceiling = await startServer({
      name: `ceiling (${label})`,
      script: 'bench/ceiling-server.ts',
      args: [ceilingFile],
      cwd: ROOT,
      env: process.env,
      stdoutFile: join(WORK_DIR, `ceiling-${label}.log`),
      readyPath: '/',
    })
    console.log(
      `Ceiling answers every request with the service's page 1: ${page1.body.length} bytes of JSON.`,
    )

    const invalid: string[] = []
    const settings: LoadSettings = { connections, duration, headers: authorization }
    const check = (name: string, result: LoadResult) => {
      if (result.non2xx > 0 || result.errors > 0) {
        invalid.push(
          `${label} ${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors or timeouts`,
        )
      }
      return result
    }

    await verifyAnswers(service, scenarios)
    const targets: { name: string; origin: string; paths: readonly string[] }[] = [
      { name: 'ceiling', origin: ceiling.origin, paths: ['/'] },
      ...scenarios.map((scenario) => ({
        name: `(${scenario.id}) ${scenario.label}`,
        origin: service.origin,
        paths: scenario.paths,
      })),
    ]
    // Warm-up: every distinct request once (the timed runs measure the steady state), then a short timed run.
    for (const target of targets) {
      if (target.paths.length > 1) {
        await drive(target.origin, target.paths, { ...settings, amount: target.paths.length })
      }
      await drive(target.origin, target.paths, { ...settings, duration: warmup })
    }

    // Requests the process has never seen, once each, after the warm-up: what the caches save.
    const { uncached } = filtered
    const uncachedRun = check(
      uncached.label,
      await drive(service.origin, uncached.paths, { ...settings, amount: uncached.paths.length }),
    )
    await verifyAnswers(service, [uncached])

    const runs = new Map<string, LoadResult[]>(targets.map((target) => [target.name, []]))
    for (let round = 0; round < rounds; round++) {
      // Rotate the order each round, so slow drift on the shared machine does not always hit the same one.
      const order = targets.map(
        (_, index) => targets[(index + round) % targets.length] as (typeof targets)[number],
      )
      for (const target of order) {
        const result = check(target.name, await drive(target.origin, target.paths, settings))
        runs.get(target.name)?.push(result)
        console.log(
          `  round ${round + 1}/${rounds}  ${target.name.padEnd(34)} ${Math.round(result.requestsPerSecond).toString().padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms`,
        )
      }
    }

    const serviceMemory = memoryOf(service.child.pid as number)
    const ceilingMemory = memoryOf(ceiling.child.pid as number)
    const ceilingRow: Row = {
      dataset: label,
      scenario: 'ceiling: bare node:http, same body',
      runs: runs.get('ceiling') ?? [],
      peakMb: ceilingMemory.peakMb,
    }
    const rows: Row[] = [ceilingRow]
    const byScenario = new Map<string, Row>()
    for (const scenario of scenarios) {
      const row: Row = {
        dataset: label,
        scenario: `(${scenario.id}) ${scenario.label}`,
        runs: runs.get(`(${scenario.id}) ${scenario.label}`) ?? [],
        ceiling: ceilingRow,
        peakMb: serviceMemory.peakMb,
      }
      rows.push(row)
      byScenario.set(scenario.id, row)
      if (scenario.id === 'b') {
        const first: Row = {
          dataset: label,
          scenario: `(b) filtered lists, uncached: ${uncached.paths.length} new, once each`,
          runs: [uncachedRun],
          ceiling: ceilingRow,
          peakMb: serviceMemory.peakMb,
        }
        rows.push(first)
        byScenario.set('b-uncached', first)
      }
    }
    rmSync(serviceLog, { force: true })
    return {
      rows,
      byScenario,
      servicePeakMb: serviceMemory.peakMb,
      serviceEndMb: serviceMemory.currentMb,
      invalid,
    }
  } finally {
    await stopServer(service)
    if (ceiling) await stopServer(ceiling)
  }
}

/**
 * Guards against measuring the wrong thing: each scenario's requests answer 200, and a sample of the filtered
 * lists reports the count an independent filter over the dataset gives.
 */
async function verifyAnswers(service: ServerProcess, scenarios: readonly Scenario[]): Promise<void> {
  for (const scenario of scenarios) {
    const step = Math.max(1, Math.floor(scenario.paths.length / 25))
    for (let index = 0; index < scenario.paths.length; index += step) {
      const path = scenario.paths[index] as string
      const response = await getOnce(service.origin, path, authorization)
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.body}`)
      const expected = scenario.expectedCounts?.[index]
      if (expected !== undefined) {
        const count = (JSON.parse(response.body.toString()) as { info: { count: number } }).info.count
        if (count !== expected)
          throw new Error(`${path} reports count ${count}; the dataset has ${expected}.`)
      }
    }
  }
}

function machine(): string {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? 'unknown CPU'
  return `${availableParallelism()} cores (${model}), Node ${process.version}`
}

async function main(): Promise<void> {
  mkdirSync(WORK_DIR, { recursive: true })
  const started = new Date()
  const loadBefore = loadavg()[0] as number
  const datasets: [string, string][] = []
  if (datasetNames.includes('shipped')) datasets.push(['shipped', SHIPPED_DATASET])
  if (datasetNames.includes('large'))
    datasets.push([`${LARGE_LOCATIONS / 1000}k`, ensureLargeDataset(ROOT, WORK_DIR)])
  const perDataset = 4 * (warmup + rounds * duration) + 15
  console.log(
    `Service benchmark on ${machine()}. ${connections} connections, ${rounds} interleaved runs of ${duration} s per scenario and for the ceiling, after ${warmup} s of warm-up; rate limiting off. About ${Math.ceil((perDataset * datasets.length) / 60)} minutes.`,
  )
  console.log('autocannon runs in this process and shares the machine’s cores with the server it measures.')

  const results = new Map<string, DatasetRun>()
  for (const [label, path] of datasets) results.set(label, await benchDataset(label, path))
  const rows = [...results.values()].flatMap((run) => run.rows)
  const targets = evaluateTargets(results)
  const invalid = [...results.values()].flatMap((run) => run.invalid)

  const table = textTable(rows)
  console.log(`\n${table}\n`)
  for (const line of targetLines(targets)) console.log(line)
  for (const line of invalid) console.log(`INVALID  ${line}`)

  const loadAfter = loadavg()[0] as number
  const markdown = [
    `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
    '',
    `Command: \`npm run bench:service\` (${connections} connections; medians of ${rounds} interleaved ${duration} s runs after ${warmup} s of warm-up; rate limiting off; no Accept-Encoding, so plain JSON).`,
    '',
    markdownTable(rows),
    '',
    ...targetLines(targets).map((line) => `- ${line}`),
    ...invalid.map((line) => `- INVALID ${line}`),
    '',
  ].join('\n')
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
  writeFileSync(RESULTS_FILE, markdown)
  console.log(`\nWrote ${RESULTS_FILE}`)
  if (invalid.length > 0) process.exitCode = 1
}

function evaluateTargets(results: Map<string, DatasetRun>): TargetResult[] {
  const targets: TargetResult[] = []
  const shipped = results.get('shipped')
  const firstPage = shipped?.byScenario.get('a')
  if (firstPage) {
    const ratio = ratioToCeiling(firstPage) as number
    targets.push({
      name: `(a) page 1 on the shipped dataset at least ${MIN_FIRST_PAGE_RATIO * 100}% of the ceiling's requests/s`,
      measured: `${Math.round(ratio * 100)}% (${Math.round(summarise(firstPage).requestsPerSecond)} of ${Math.round(summarise(firstPage.ceiling as Row).requestsPerSecond)} req/s)`,
      pass: ratio >= MIN_FIRST_PAGE_RATIO,
    })
  }
  const large = results.get(`${LARGE_LOCATIONS / 1000}k`)
  const filtered = large?.byScenario.get('b')
  if (large && filtered) {
    const p99 = summarise(filtered).p99
    const others = ['a', 'c', 'b-uncached']
      .map((id) => {
        const row = large.byScenario.get(id) as Row
        return `${row.scenario} ${summarise(row).p99.toFixed(2)} ms`
      })
      .join('; ')
    targets.push({
      name: `(b) filtered lists on the 100,000-location dataset: p99 under ${MAX_LARGE_P99_MS} ms at ${connections} connections`,
      measured: `p99 ${p99.toFixed(2)} ms (others: ${others})`,
      pass: p99 < MAX_LARGE_P99_MS,
    })
    targets.push({
      name: `peak memory of the service with the 100,000-location dataset under ${MAX_LARGE_PEAK_MB} MB`,
      measured: `VmHWM ${Math.round(large.servicePeakMb)} MB (RSS at the end ${Math.round(large.serviceEndMb)} MB)`,
      pass: large.servicePeakMb < MAX_LARGE_PEAK_MB,
    })
  }
  return targets
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
