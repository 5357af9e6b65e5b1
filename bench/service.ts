/**
 * The service benchmark: `npm run bench:service`. Not part of `npm test`; the README has its targets and figures.
 *
 * For the shipped dataset and a generated 100,000-location one, starts the real service (`server/main.ts`,
 * rate limiting off) and a bare `node:http` ceiling as separate processes, and drives both from this process
 * with autocannon: (a) page 1 of the locations list, (b) filtered lists over 1,000+ distinct filter values,
 * (c) 20 ids in one request, and on the shipped dataset (d) page 1 while a second key asks for all episodes
 * under a new 255-character Host 40 times a second, (e) page 1 while 11 loopback addresses hold 1,100 idle
 * connections against a cap of 1,000, and on the large dataset (f) page 1 while a second key asks for new
 * 500-id lists with br 40 times a second; and on both, from a second service in demo mode, (g) the first view of
 * a list rendered as HTML for new addresses and (h) the cached first view of /locations (bench/first-views.ts);
 * from a third in demo mode with the default allowance of renders (bench/render-attacks.ts), page 1 for another
 * visitor while one address sends (i, shipped) new 15 KB navigation addresses at the rate the allowance lets
 * through for 60 s (the service's memory growth) and (j, large) 500-id comparison pages 5 times a second (beside
 * page 1 alone in the same run); and on the large dataset (k) page 1 while a second key exports every location
 * as CSV, one stream after another (bench/export-stream.ts). Prints a table of medians, checks the targets, and
 * writes the table as Markdown to bench/results/latest.md. Exits 1 when a measurement is invalid (a non-2xx answer, an error, a timeout);
 * a missed target is reported, not an exit status.
 *
 * Flags: --duration S (6) seconds per measurement, --warmup S (2), --rounds N (5) measurements of each
 * scenario and of the ceiling, interleaved; --connections N (10); --datasets shipped,large (both); --only-export:
 * row (k) alone, on the large dataset (its figures and targets printed, nothing written).
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { DEFAULT_DATASET_PATH } from '../server/config'
import { MAX_EPISODES } from '../server/data/generate'
import { currentCommit, stampLine, targetTable, writeLatest } from './benchmarks-doc'
import { type ExportRuns, measureExports } from './export-stream'
import { benchFirstViews } from './first-views'
import { ROTATION_RATE, startHostRotation } from './host-rotation'
import {
  HOLDER_ADDRESSES,
  HOLDS_PER_ADDRESS,
  ID_LIST_RATE,
  startIdLists,
  startIdleHolders,
} from './hostile-load'
import { ensureLargeDataset, LARGE_LOCATIONS } from './large-dataset'
import { drive, type LoadSettings } from './load'
import { benchPostgresStore } from './postgres-store'
import { cpuSecondsOf, memoryOf, type ServerProcess, stopServer } from './processes'
import {
  benchComparisonPages,
  benchLongAddresses,
  COMPARISON_RATE,
  LONG_ADDRESS_SECONDS,
} from './render-attacks'
import { benchReplicas, type ReplicaRow, replicaMedians } from './replicas'
import { markdownTable, type Row, type Run, successRate, textTable } from './report'
import { getOnce } from './request'
import {
  filteredListsScenarios,
  firstPageScenario,
  readLocations,
  type Scenario,
  twentyIdsScenario,
} from './scenarios'
import { authorization, BENCH_MAX_CONNECTIONS, type ServerSetup, startCeiling, startService } from './servers'
import { benchMemoryCharacters } from './service-characters'
import { benchMemorySearch } from './service-search'
import { benchMemoryViews } from './service-views'
import type { Background } from './steady-requests'
import { type DatasetRun, evaluateTargets, exportTargets, targetLines } from './targets'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const RESULTS_FILE = join(ROOT, 'bench/results/latest.md')
const WORK_DIR = join(tmpdir(), 'catalogue-bench')
const LARGE_LABEL = `${LARGE_LOCATIONS / 1000}k`

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    datasets: { type: 'string', default: 'shipped,large' },
    replicas: { type: 'boolean', default: true },
    // --store postgres: the PostgreSQL store's benchmark (bench/postgres-store.ts) instead.
    store: { type: 'string', default: 'file' },
    // --views: views answered by the memory store (bench/service-views.ts) instead.
    views: { type: 'boolean', default: false },
    // --search: search answered by the memory store (bench/service-search.ts) instead.
    search: { type: 'boolean', default: false },
    // --characters: characters, related records and insights answered by the memory store instead.
    characters: { type: 'boolean', default: false },
    locations: { type: 'string', default: '1000000' },
    // The most episodes the generator's codes allow (S99E99).
    episodes: { type: 'string', default: String(MAX_EPISODES) },
    samples: { type: 'string', default: '60' },
    'only-export': { type: 'boolean', default: false },
    // --store postgres --only attacks: the load and the attack rows alone (bench/postgres-attacks.ts);
    // --only views: the load and the views answered in SQL alone; --only search: the load and search alone;
    // --only characters: the load, characters, related records and insights alone (bench/service-characters.ts).
    only: { type: 'string' },
  },
  // --no-replicas skips the replicas comparison.
  allowNegative: true,
})
const duration = Number(flags.duration)
const warmup = Number(flags.warmup)
const rounds = Number(flags.rounds)
const connections = Number(flags.connections)
const datasetNames = flags.datasets.split(',')

const apiKey = `bench-${randomBytes(12).toString('hex')}`
/** The second key of row (d), which rotates Hosts while `apiKey` is measured. */
const rotatingKey = `bench-rotating-${randomBytes(12).toString('hex')}`
const headers = authorization(apiKey)
const invalid: string[] = []

/** A thing to load: the ceiling or a scenario of the service. */
interface Target {
  key: string
  name: string
  server: ServerProcess
  paths: readonly string[]
}

/**
 * The scenarios for a dataset. The dataset itself is not kept: this process is the load generator, and a
 * large heap here would add its garbage-collection pauses to the latencies it records.
 */
function scenariosFor(label: string, datasetPath: string) {
  const locations = readLocations(datasetPath)
  const filtered = filteredListsScenarios(locations)
  const scenarios: Scenario[] = [firstPageScenario(), filtered.steady, twentyIdsScenario(locations)]
  const { stats } = filtered
  console.log(
    `\n${label}: ${locations.length.toLocaleString('en-US')} locations. Filtered lists: ${stats.distinctPaths} distinct requests, ${stats.distinctValues} distinct filter values, ${stats.twoFilters} with two filters, ${stats.withPage} with a later page, ${stats.empty} empty.`,
  )
  return { scenarios, uncached: filtered.uncached }
}

async function benchDataset(label: string, datasetPath: string): Promise<DatasetRun> {
  const { scenarios, uncached } = scenariosFor(label, datasetPath)
  const firstPage = scenarios[0] as Scenario
  const setup: ServerSetup = { root: ROOT, workDir: WORK_DIR, label, apiKey, otherKeys: [rotatingKey] }
  const firstPagePath = firstPage.paths[0] as string
  const service = await startService(setup, datasetPath, firstPagePath)
  let ceiling: ServerProcess | null = null
  try {
    const started = await startCeiling(setup, service, firstPagePath)
    ceiling = started
    console.log(
      `The ceiling answers every request with the service's page 1: ${started.bodyBytes} bytes of JSON.`,
    )
    await verifyAnswers(service, scenarios)

    const settings: LoadSettings = { connections, duration, headers }
    const targets: Target[] = [
      { key: 'ceiling', name: 'ceiling', server: ceiling, paths: ['/'] },
      ...scenarios.map((scenario) => ({
        key: scenario.id,
        name: `(${scenario.id}) ${scenario.label}`,
        server: service,
        paths: scenario.paths,
      })),
    ]
    // Warm-up: every distinct request once (the timed runs measure the steady state), then a short timed run.
    for (const { server, paths } of targets) {
      if (paths.length > 1) await drive(server.origin, paths, { ...settings, amount: paths.length })
      await drive(server.origin, paths, { ...settings, duration: warmup })
    }
    // Requests this warmed-up process has never seen, once each: the work its caches save on repeats.
    const uncachedRun = await timedRun(`${label} ${uncached.label}`, service, uncached.paths, {
      ...settings,
      amount: uncached.paths.length,
    })
    await verifyAnswers(service, [uncached])
    // Those new answers may have pushed some of the repeated ones out of the service's bounded caches.
    for (const { server, paths } of targets) {
      if (paths.length > 1) await drive(server.origin, paths, { ...settings, amount: paths.length })
    }
    const runs = await measureInterleaved(label, targets, settings)
    // (d) On the shipped dataset (51 episodes): page 1 for this key while another key rotates long Hosts.
    const rotationRuns =
      label === 'shipped'
        ? await measureBeside(
            { label, name: '(d) page 1 under Host rotation', what: 'rotating-Host' },
            service,
            firstPage,
            settings,
            () => startHostRotation(service.origin, rotatingKey),
          )
        : []
    // (e) On the shipped dataset: page 1 while 11 addresses hold 1,100 idle connections against the cap.
    const holderRuns = label === 'shipped' ? await measureUnderIdleHolders(service, firstPage, settings) : []
    // (f) On the large dataset: page 1 while another key asks for new 500-id lists with br at 40 req/s.
    const idListRuns =
      label === LARGE_LABEL
        ? await measureBeside(
            { label, name: '(f) page 1 beside 500-id lists', what: 'id-list' },
            service,
            firstPage,
            settings,
            () => startIdLists(service.origin, rotatingKey, LARGE_LOCATIONS),
          )
        : []

    // (k) On the large dataset: page 1 while another key exports every location as CSV, stream after stream.
    const exportRuns =
      label === LARGE_LABEL ? await measureExportsBeside(label, service, firstPage, settings) : null

    const serviceMemory = memoryOf(service.child.pid as number)
    const ceilingRow: Row = {
      dataset: label,
      scenario: 'ceiling: bare node:http, same response',
      runs: runs.get('ceiling') ?? [],
      peakMb: memoryOf(ceiling.child.pid as number).peakMb,
    }
    const serviceRow = (scenario: string, measured: Run[]): Row => ({
      dataset: label,
      scenario,
      runs: measured,
      ceiling: ceilingRow,
      peakMb: serviceMemory.peakMb,
    })
    const byKey = new Map<string, Row>([['ceiling', ceilingRow]])
    for (const target of targets.slice(1)) {
      byKey.set(target.key, serviceRow(target.name, runs.get(target.key) ?? []))
      if (target.key === 'b') {
        byKey.set(
          'b-uncached',
          serviceRow(`(b) ${uncached.paths.length} new filtered lists, once each`, [uncachedRun]),
        )
      }
    }
    if (rotationRuns.length > 0) {
      byKey.set(
        'd',
        serviceRow(
          `(d) page 1 while another key asks ${ROTATION_RATE}/s for 51 episodes under new 255-character Hosts`,
          rotationRuns,
        ),
      )
    }
    if (holderRuns.length > 0) {
      byKey.set(
        'e',
        serviceRow(
          `(e) page 1 while ${HOLDER_ADDRESSES.length} addresses hold ${HOLDER_ADDRESSES.length * HOLDS_PER_ADDRESS} idle connections (cap ${BENCH_MAX_CONNECTIONS})`,
          holderRuns,
        ),
      )
    }
    if (idListRuns.length > 0) {
      byKey.set(
        'f',
        serviceRow(
          `(f) page 1 while another key asks ${ID_LIST_RATE}/s for new 500-id lists with br`,
          idListRuns,
        ),
      )
    }
    // (g), (h): the first view of a list as HTML, rendered by a service in demo mode, new and cached.
    const firstViews = await benchFirstViews(
      setup,
      datasetPath,
      uncached.paths,
      { connections, duration },
      rounds,
      invalid,
    )
    const firstViewRow = (scenario: string, measured: Run[]): Row => ({
      dataset: label,
      scenario,
      runs: measured,
      peakMb: firstViews.peakMb,
    })
    byKey.set(
      'g',
      firstViewRow(
        `(g) first view of a list as HTML, ${firstViews.addresses} new addresses once each (demo mode)`,
        firstViews.uncached,
      ),
    )
    byKey.set(
      'h',
      firstViewRow('(h) first view of /locations as HTML, cached (demo mode)', firstViews.cached),
    )
    // (i), (j): the first views under attack from one address, beside another visitor's page 1 of the API.
    const attackSettings = { connections, duration }
    const longAddresses =
      label === 'shipped' ? await benchLongAddresses(setup, datasetPath, attackSettings, invalid) : undefined
    if (longAddresses) {
      const { startMb, endMb, sent, rendered } = longAddresses
      byKey.set('i', {
        dataset: label,
        scenario: `(i) page 1 (demo key) while one address sends ${sent} new 15 KB navigation addresses in ${LONG_ADDRESS_SECONDS} s, ${rendered} rendered (RSS ${Math.round(startMb)} → ${Math.round(endMb)} MB)`,
        runs: [longAddresses.run],
        peakMb: longAddresses.peakMb,
      })
    }
    if (label === LARGE_LABEL) {
      const comparisons = await benchComparisonPages(
        setup,
        datasetPath,
        LARGE_LOCATIONS,
        attackSettings,
        rounds,
        invalid,
      )
      byKey.set('j-alone', {
        dataset: label,
        scenario: '(j) page 1 (demo key) alone, the baseline of (j)',
        runs: comparisons.alone,
        peakMb: comparisons.peakMb,
      })
      byKey.set('j', {
        dataset: label,
        scenario: `(j) page 1 (demo key) while one address asks for 500-id comparison pages ${COMPARISON_RATE}/s (${comparisons.rendered} of ${comparisons.sent} rendered)`,
        runs: comparisons.beside,
        peakMb: comparisons.peakMb,
      })
    }
    if (exportRuns) {
      byKey.set(
        'k',
        serviceRow(
          '(k) page 1 while another key exports every location as CSV, one stream after another',
          exportRuns.runs,
        ),
      )
    }
    rmSync(service.logFile, { force: true })
    return {
      label,
      rows: [...byKey.values()],
      byKey,
      servicePeakMb: serviceMemory.peakMb,
      serviceEndMb: serviceMemory.currentMb,
      ...(longAddresses ? { longAddresses } : {}),
      ...(exportRuns ? { exports: exportRuns } : {}),
    }
  } finally {
    await stopServer(service)
    if (ceiling) await stopServer(ceiling)
  }
}

/** Row (k) (see bench/export-stream.ts), after one export of warm-up. */
function measureExportsBeside(
  label: string,
  service: ServerProcess,
  firstPage: Scenario,
  settings: LoadSettings,
): Promise<ExportRuns> {
  return measureExports(service, rotatingKey, firstPage.paths, settings, rounds, (paths, each) =>
    timedRun(`${label} (k) page 1 beside exports`, service, paths, each),
  )
}

/** `--only-export`: row (k) alone on the large dataset, its figures and targets printed. */
async function benchExportOnly(): Promise<void> {
  const datasetPath = ensureLargeDataset(ROOT, WORK_DIR)
  const firstPage = firstPageScenario()
  const firstPagePath = firstPage.paths[0] as string
  const setup: ServerSetup = {
    root: ROOT,
    workDir: WORK_DIR,
    label: LARGE_LABEL,
    apiKey,
    otherKeys: [rotatingKey],
  }
  const loadBefore = loadavg()[0] as number
  const service = await startService(setup, datasetPath, firstPagePath)
  try {
    const settings: LoadSettings = { connections, duration, headers }
    await drive(service.origin, firstPage.paths, { ...settings, duration: warmup })
    // Page 1 alone first, the same way: what the exports beside it are compared with.
    const alone: Run[] = []
    for (let round = 0; round < rounds; round++)
      alone.push(await timedRun(`${LARGE_LABEL} (a) page 1`, service, firstPage.paths, settings))
    const exportRuns = await measureExportsBeside(LARGE_LABEL, service, firstPage, settings)
    const row: Row = {
      dataset: LARGE_LABEL,
      scenario: '(k) page 1 while another key exports every location as CSV, one stream after another',
      runs: exportRuns.runs,
      peakMb: memoryOf(service.child.pid as number).peakMb,
    }
    const aloneRow: Row = { ...row, scenario: '(a) page 1 of the locations list, alone', runs: alone }
    const run: DatasetRun = {
      label: LARGE_LABEL,
      rows: [aloneRow, row],
      byKey: new Map([
        ['a', aloneRow],
        ['k', row],
      ]),
      servicePeakMb: row.peakMb,
      serviceEndMb: memoryOf(service.child.pid as number).currentMb,
      exports: exportRuns,
    }
    console.log(`
${textTable([row])}
`)
    for (const line of targetLines(exportTargets(run))) console.log(line)
    for (const line of invalid) console.log(`INVALID  ${line}`)
    console.log(`Load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] as number).toFixed(2)} after.`)
  } finally {
    await stopServer(service)
  }
}

/**
 * `rounds` timed runs of every target, interleaved, the order rotated each round so that drift on the shared
 * machine does not always fall on the same target.
 */
async function measureInterleaved(
  label: string,
  targets: readonly Target[],
  settings: LoadSettings,
): Promise<Map<string, Run[]>> {
  const runs = new Map<string, Run[]>(targets.map((target) => [target.key, []]))
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < targets.length; index++) {
      const target = targets[(index + round) % targets.length] as Target
      const result = await timedRun(`${label} ${target.name}`, target.server, target.paths, settings)
      runs.get(target.key)?.push(result)
      console.log(
        `  round ${round + 1}/${rounds}  ${target.name.padEnd(32)} ${Math.round(result.requestsPerSecond).toString().padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  ${Math.round(result.cpuUsPerRequest)} µs CPU/request`,
      )
    }
  }
  return runs
}

/**
 * `rounds` runs of page 1 while a second key sends requests in the background (`start`), each with its own
 * background; a background request that fails makes the run invalid.
 */
async function measureBeside(
  row: { label: string; name: string; what: string },
  service: ServerProcess,
  firstPage: Scenario,
  settings: LoadSettings,
  start: () => Background,
): Promise<Run[]> {
  const runs: Run[] = []
  for (let round = 0; round < rounds; round++) {
    const background = start()
    const result = await timedRun(`${row.label} ${row.name}`, service, firstPage.paths, settings)
    const { sent, failed } = await background.stop()
    if (failed > 0) invalid.push(`${row.label} ${row.name}: ${failed} of ${sent} ${row.what} requests failed`)
    runs.push(result)
    console.log(
      `  round ${round + 1}/${rounds}  ${row.name.padEnd(32)} ${Math.round(result.requestsPerSecond).toString().padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  (${sent} ${row.what} requests)`,
    )
  }
  return runs
}

/**
 * `rounds` runs of page 1 while clients from 11 other loopback addresses hold 1,100 idle keep-alive
 * connections against the cap of 1,000 (reopening each one the service closes). A failed request here is a
 * figure (the success rate), not an invalid run.
 */
async function measureUnderIdleHolders(
  service: ServerProcess,
  firstPage: Scenario,
  settings: LoadSettings,
): Promise<Run[]> {
  const runs: Run[] = []
  const path = firstPage.paths[0] as string
  for (let round = 0; round < rounds; round++) {
    const holders = await startIdleHolders(service.origin, rotatingKey, path)
    const pid = service.child.pid as number
    const cpuBefore = cpuSecondsOf(pid)
    const result = await drive(service.origin, firstPage.paths, settings)
    const cpuUsPerRequest = ((cpuSecondsOf(pid) - cpuBefore) * 1e6) / Math.max(1, result.requests)
    const { sent } = await holders.stop()
    runs.push({ ...result, cpuUsPerRequest })
    console.log(
      `  round ${round + 1}/${rounds}  (e) page 1 beside idle holders   ${Math.round(result.requestsPerSecond).toString().padStart(6)} req/s  p99 ${result.p99.toFixed(2)} ms  success ${(successRate([runs.at(-1) as Run]) * 100).toFixed(2)}% (${result.non2xx} non-2xx, ${result.errors} errors)  (${sent} holder requests)`,
    )
    // Let the service close what the holders left before the next round.
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return runs
}

/** One measured run, with the server's CPU time per request; invalid when anything but a 2xx came back. */
async function timedRun(
  name: string,
  server: ServerProcess,
  paths: readonly string[],
  settings: LoadSettings,
): Promise<Run> {
  const pid = server.child.pid as number
  const cpuBefore = cpuSecondsOf(pid)
  const result = await drive(server.origin, paths, settings)
  const cpuUsPerRequest = ((cpuSecondsOf(pid) - cpuBefore) * 1e6) / result.requests
  if (result.non2xx > 0 || result.errors > 0) {
    invalid.push(`${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors or timeouts`)
  }
  return { ...result, cpuUsPerRequest }
}

/**
 * Guards against measuring the wrong thing: a sample of each scenario's requests answers 200, and filtered
 * lists report the count an independent filter over the dataset gives.
 */
async function verifyAnswers(service: ServerProcess, scenarios: readonly Scenario[]): Promise<void> {
  for (const scenario of scenarios) {
    const step = Math.max(1, Math.floor(scenario.paths.length / 25))
    for (let index = 0; index < scenario.paths.length; index += step) {
      const path = scenario.paths[index] as string
      const response = await getOnce(service.origin, path, headers)
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.body}`)
      const expected = scenario.expectedCounts?.[index]
      if (expected === undefined) continue
      const { count } = (JSON.parse(response.body.toString()) as { info: { count: number } }).info
      if (count !== expected) throw new Error(`${path} reports count ${count}; the dataset has ${expected}.`)
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
  if (flags['only-export']) return benchExportOnly()
  const started = new Date()
  const loadBefore = loadavg()[0] as number
  const datasets: [string, string][] = []
  if (datasetNames.includes('shipped')) datasets.push(['shipped', DEFAULT_DATASET_PATH])
  if (datasetNames.includes('large')) datasets.push([LARGE_LABEL, ensureLargeDataset(ROOT, WORK_DIR)])
  const minutes = Math.ceil((datasets.length * (4 * (warmup + rounds * duration) + 20)) / 60)
  console.log(
    `Service benchmark on ${machine()}. ${connections} connections, ${rounds} interleaved runs of ${duration} s per scenario and for the ceiling, after a warm-up; rate limiting off. About ${minutes} minutes.`,
  )
  console.log('autocannon runs in this process and shares the machine’s cores with the server it measures.')
  if (loadBefore > availableParallelism()) {
    console.log(
      `Warning: load average ${loadBefore.toFixed(1)} on ${availableParallelism()} cores; figures will be noisy.`,
    )
  }

  const results = new Map<string, DatasetRun>()
  for (const [label, path] of datasets) results.set(label, await benchDataset(label, path))
  const rows = [...results.values()].flatMap((run) => run.rows)
  const replicaRows = flags.replicas
    ? await benchReplicas({
        root: ROOT,
        workDir: WORK_DIR,
        apiKey,
        datasetPath: DEFAULT_DATASET_PATH,
        path: '/v1/locations',
        connections,
        duration,
        warmup,
        rounds,
      })
    : []
  const targets = targetLines(evaluateTargets(results.get('shipped'), results.get(LARGE_LABEL), connections))
  const loadAfter = loadavg()[0] as number

  console.log(`\n${textTable(rows)}\n`)
  for (const line of replicaLines(replicaRows)) console.log(line)
  for (const line of targets) console.log(line)
  for (const line of invalid) console.log(`INVALID  ${line}`)

  const args = process.argv.slice(2)
  const command = `npm run bench:service${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`
  const markdown = [
    `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
    '',
    `Command: \`${command}\` (${connections} connections; medians of ${rounds} interleaved ${duration} s runs after a warm-up; rate limiting off; no Accept-Encoding, so plain JSON; autocannon in a second process on loopback, sharing the cores).`,
    '',
    markdownTable(rows),
    '',
    ...targets.map((line) => `- ${line}`),
    ...invalid.map((line) => `- INVALID ${line}`),
    '',
    ...replicaLines(replicaRows),
  ].join('\n')
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
  writeFileSync(RESULTS_FILE, markdown)
  console.log(`\nWrote ${RESULTS_FILE}`)
  if (invalid.length > 0) process.exitCode = 1
  // A full run (both datasets, the replicas) becomes the latest table of docs/benchmarks.md.
  if (datasets.length === 2 && flags.replicas && invalid.length === 0) {
    const evaluated = evaluateTargets(results.get('shipped'), results.get(LARGE_LABEL), connections)
    const lead = targetTable(evaluated.map(({ name, measured, pass }) => ({ target: name, measured, pass })))
    const stamp = stampLine({ command, date: started, commit: currentCommit(ROOT), loadBefore, loadAfter })
    writeLatest(
      'service',
      [stamp, '', lead, '', markdownTable(rows), '', ...replicaLines(replicaRows)].join('\n'),
    )
  }
}

/** The replicas table: requests/s and p99 of each setup, medians of the rounds, page 1 of the locations. */
function replicaLines(replicaRows: ReplicaRow[]): string[] {
  if (replicaRows.length === 0) return []
  const [alone] = replicaRows
  const base = alone ? replicaMedians(alone).requestsPerSecond : Number.NaN
  return [
    `Replicas (shipped dataset, page 1 of /v1/locations, rate limiting on at a rate never reached; medians of ${rounds} alternating ${duration} s runs, ${connections} connections in all):`,
    '',
    '| setup | requests/s (all runs) | p99 ms | vs 1 replica | Redis fallbacks |',
    '|---|---:|---:|---:|---:|',
    ...replicaRows.map((row) => {
      const { requestsPerSecond, p99 } = replicaMedians(row)
      const all = row.requestsPerSecond.map((value) => Math.round(value).toLocaleString('en-US')).join(', ')
      return `| ${row.setup} | ${Math.round(requestsPerSecond).toLocaleString('en-US')} (${all}) | ${p99.toFixed(2)} | ${Math.round((requestsPerSecond / base) * 100)}% | ${row.fallbacks} |`
    }),
    '',
  ]
}

const run =
  flags.store === 'postgres'
    ? () => {
        mkdirSync(WORK_DIR, { recursive: true })
        const args = process.argv.slice(2)
        return benchPostgresStore({
          root: ROOT,
          workDir: WORK_DIR,
          apiKey,
          locations: Number(flags.locations),
          episodes: Number(flags.episodes),
          samples: Number(flags.samples),
          command: `npm run bench:service -- ${args.join(' ')}`,
          only: flags.only,
        })
      }
    : flags.characters
      ? () => {
          mkdirSync(WORK_DIR, { recursive: true })
          return benchMemoryCharacters({
            root: ROOT,
            workDir: WORK_DIR,
            apiKey,
            command: `npm run bench:service -- ${process.argv.slice(2).join(' ')}`,
          })
        }
      : flags.search
        ? () => {
            mkdirSync(WORK_DIR, { recursive: true })
            return benchMemorySearch({
              root: ROOT,
              workDir: WORK_DIR,
              apiKey,
              command: `npm run bench:service -- ${process.argv.slice(2).join(' ')}`,
            })
          }
        : flags.views
          ? () => {
              mkdirSync(WORK_DIR, { recursive: true })
              return benchMemoryViews({
                root: ROOT,
                workDir: WORK_DIR,
                apiKey,
                samples: Number(flags.samples),
                command: `npm run bench:service -- ${process.argv.slice(2).join(' ')}`,
              })
            }
          : main
run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
