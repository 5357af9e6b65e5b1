/**
 * `npm run bench:app`: the explorer as a user gets it, measured in headless Chromium and by Lighthouse.
 * Not part of `npm test`. Flags: --runs 5 --lighthouse-runs 5 --default-lighthouse-runs 3 --keyed-runs (as
 * --lighthouse-runs) --main-thread-runs 5 --profile-runs 1 --slowdown (instead of the calibrated one)
 * --no-build --no-browser --no-layout-shift --no-main-thread --no-lighthouse --no-keyed --no-write;
 * --quick [--route /locations] [--rounds 3] [--against <checkout>] (bench/app/quick.ts).
 *
 * Before its runs it measures the machine (Lighthouse's benchmarkIndex, five times) and takes one CPU
 * slowdown for the whole table, the median / 1000 between 1 and 4 (a mid-tier phone scores about 1,000):
 * Lighthouse runs with it, and again with its default 4×. Each rendered route's main thread is measured at
 * 1× in cold loads (longest task, main-thread work in the first 4 s) beside the same page with JavaScript
 * off, and profiled (where the time goes). Lighthouse measures the routes the service renders, in demo
 * mode (first views with their rows) and again on a service with keys configured, with a key kept in the
 * browser (first views are then the pages' frames, and the app fetches the data).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser } from '@playwright/test'
import { firstPageJavaScript } from '../../server/build/bundle-size'
import { stopServer } from '../processes'
import { calibratedSlowdown, measureBenchmarkIndex } from './benchmark-index'
import { launchBrowser, newVisitor, openPage } from './browser'
import { appCommit } from './commit'
import { layoutShiftOf, visitLocations } from './journey'
import { keptKeyProfile } from './kept-key-profile'
import { DEFAULT_CPU_SLOWDOWN, type LighthouseRun, lighthouse } from './lighthouse'
import { coldLoad } from './main-thread'
import type { RouteLoads } from './main-thread-report'
import { profileOf, SourceReader } from './profile-attribution'
import { runQuick } from './quick'
import { conditionKey, type Measurements, perCondition, reportMarkdown, writeBetweenMarkers } from './report'
import { CACHES, LATENCIES_MS, RENDERED_ROUTES, ROUTES } from './routes'
import { buildExplorer, startExplorerService } from './service'

const root = resolve(import.meta.dirname, '..', '..')
const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'lighthouse-runs': { type: 'string', default: '5' },
    'default-lighthouse-runs': { type: 'string', default: '3' },
    'keyed-runs': { type: 'string' },
    'main-thread-runs': { type: 'string', default: '5' },
    'profile-runs': { type: 'string', default: '1' },
    slowdown: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    'no-layout-shift': { type: 'boolean', default: false },
    'no-main-thread': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-keyed': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    route: { type: 'string', default: '/locations' },
    rounds: { type: 'string', default: '3' },
    against: { type: 'string' },
  },
})
const runs = flags['no-browser'] ? 0 : Number(flags.runs)
const lighthouseRuns = flags['no-lighthouse'] ? 0 : Number(flags['lighthouse-runs'])
const defaultLighthouseRuns = flags['no-lighthouse'] ? 0 : Number(flags['default-lighthouse-runs'])
const keyedRuns = flags['no-keyed'] ? 0 : Number(flags['keyed-runs'] ?? lighthouseRuns)
const mainThreadRuns = flags['no-main-thread'] ? 0 : Number(flags['main-thread-runs'])
const profileRuns = flags['no-main-thread'] ? 0 : Number(flags['profile-runs'])
/** The key of the keyed service: made for this run, kept in the measured browser's storage only. */
const KEYED_KEY = `bench-${randomBytes(12).toString('hex')}`

/** The 1-minute load average, sampled at every step: the machine is shared, and the report quotes it. */
const loadSamples: number[] = []
const log = (message: string) => {
  loadSamples.push(loadavg()[0] ?? Number.NaN)
  console.error(`bench:app: ${message} (load average ${loadSamples.at(-1)?.toFixed(2)})`)
}

/** The machine's benchmarkIndex, five times, and the one CPU slowdown of the run (or the one asked for). */
async function machineSpeed(browser: Browser) {
  log('measuring the machine (benchmarkIndex, 5 times)')
  const benchmarkIndexes = await measureBenchmarkIndex(browser)
  const slowdown =
    flags.slowdown === undefined ? calibratedSlowdown(benchmarkIndexes) : Number(flags.slowdown)
  log(`benchmarkIndex ${benchmarkIndexes.join(', ')}: CPU slowdown ${slowdown}×`)
  return { benchmarkIndexes, slowdown }
}

async function main(): Promise<void> {
  if (flags.quick) {
    await runQuick({
      root,
      against: flags.against === undefined ? null : resolve(flags.against),
      route: flags.route,
      rounds: Number(flags.rounds),
      build: !flags['no-build'],
      lighthouse: !flags['no-lighthouse'],
      slowdown: flags.slowdown === undefined ? null : Number(flags.slowdown),
      log,
      loadSamples,
    })
    return
  }
  const started = Date.now()
  const loadBefore = loadavg()[0] ?? Number.NaN
  if (!flags['no-build']) {
    log('building the explorer (npm run build)')
    buildExplorer(root)
  }
  const workDir = mkdtempSync(join(tmpdir(), 'bench-app-'))
  const service = await startExplorerService(root, workDir)
  const browser = await launchBrowser()
  const measured: Measurements = {
    journeys: perCondition(() => []),
    shifts: perCondition(() => ({})),
    mainThread: {},
    profiles: {},
    lighthouse: {},
    defaultLighthouse: {},
    keyedLighthouse: {},
  }
  try {
    const { benchmarkIndexes, slowdown } = await machineSpeed(browser)
    for (const latency of LATENCIES_MS) {
      for (let run = 1; run <= runs; run++) {
        log(`${latency} ms: visit ${run} of ${runs}`)
        const visitor = await newVisitor(browser)
        for (const cache of CACHES) {
          const page = await openPage(visitor, latency)
          measured.journeys[conditionKey(latency, cache)].push(await visitLocations(page, service.origin))
          await page.page.close()
        }
        await visitor.close()
      }
      for (const { path } of runs > 0 && !flags['no-layout-shift'] ? ROUTES : []) {
        log(`${latency} ms: layout shift of ${path}`)
        for (let run = 1; run <= runs; run++) {
          const visitor = await newVisitor(browser)
          for (const cache of CACHES) {
            const page = await openPage(visitor, latency)
            const byPath = measured.shifts[conditionKey(latency, cache)]
            byPath[path] = [...(byPath[path] ?? []), await layoutShiftOf(page, service.origin, path)]
            await page.page.close()
          }
          await visitor.close()
        }
      }
    }
    await measureMainThread(browser, service.origin, measured)
    // Lighthouse's targets are the rendered routes' (settings is not rendered by the service).
    const audits: [Record<string, LighthouseRun[]>, number, number, string][] = [
      [measured.lighthouse, lighthouseRuns, slowdown, `calibrated ${slowdown}×`],
      [measured.defaultLighthouse, defaultLighthouseRuns, DEFAULT_CPU_SLOWDOWN, 'default 4×'],
    ]
    for (const [into, count, cpuSlowdown, name] of audits) {
      for (const { path } of count > 0 ? RENDERED_ROUTES : []) {
        for (let run = 1; run <= count; run++) {
          log(`Lighthouse ${path} (${name}): run ${run} of ${count}`)
          const result = await lighthouse(root, `${service.origin}${path}`, { cpuSlowdown })
          into[path] = [...(into[path] ?? []), result]
        }
      }
    }
    if (keyedRuns > 0) await measureKeyed(measured, workDir, slowdown)
    const markdown = reportMarkdown(measured, {
      date: new Date(),
      commit: appCommit(root),
      machine: `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`,
      node: process.version,
      chromium: browser.version(),
      loadBefore,
      loadAfter: loadavg()[0] ?? Number.NaN,
      loadDuring: loadSamples,
      firstPageJsBytes: firstPageJavaScript(join(root, 'dist')).bytes,
      runs,
      lighthouseRuns,
      defaultLighthouseRuns,
      benchmarkIndexes,
      slowdown,
      minutes: Math.round((Date.now() - started) / 60_000),
    })
    console.log(markdown)
    if (!flags['no-write']) {
      writeBetweenMarkers(join(root, 'docs', 'benchmarks.md'), markdown)
      log('written to docs/benchmarks.md')
    }
  } finally {
    await browser.close()
    await stopServer(service)
    rmSync(workDir, { recursive: true, force: true })
  }
}

/**
 * Each rendered route at 1×: cold loads with JavaScript and without it, alternating, then profiled loads
 * (whose figures the profiler stretches: they only say where the time goes).
 */
async function measureMainThread(browser: Browser, origin: string, measured: Measurements): Promise<void> {
  const reader = new SourceReader(join(root, 'dist'))
  for (const { path } of RENDERED_ROUTES) {
    const loads: RouteLoads = { on: [], off: [] }
    for (let run = 1; run <= mainThreadRuns; run++) {
      log(`1× main thread of ${path}: cold load ${run} of ${mainThreadRuns}, with JavaScript and without`)
      loads.on.push((await coldLoad(browser, `${origin}${path}`, { javaScript: true })).load)
      loads.off.push((await coldLoad(browser, `${origin}${path}`, { javaScript: false })).load)
    }
    if (mainThreadRuns > 0) measured.mainThread[path] = loads
    for (let run = 1; run <= profileRuns; run++) {
      log(`profile of ${path}: load ${run} of ${profileRuns}`)
      const { trace } = await coldLoad(browser, `${origin}${path}`, { javaScript: true, profile: true })
      measured.profiles[path] = [...(measured.profiles[path] ?? []), profileOf(trace, reader)]
    }
  }
}

/** Lighthouse on the rendered routes of a service with keys configured, the key kept in the browser. */
async function measureKeyed(measured: Measurements, workDir: string, cpuSlowdown: number): Promise<void> {
  const keyed = await startExplorerService(root, workDir, [KEYED_KEY])
  try {
    const profile = await keptKeyProfile(keyed.origin, KEYED_KEY, workDir)
    for (const { path } of RENDERED_ROUTES) {
      for (let run = 1; run <= keyedRuns; run++) {
        log(`Lighthouse ${path}, keyed mode: run ${run} of ${keyedRuns}`)
        const result = await lighthouse(root, `${keyed.origin}${path}`, { cpuSlowdown }, () => profile.copy())
        measured.keyedLighthouse[path] = [...(measured.keyedLighthouse[path] ?? []), result]
      }
    }
  } finally {
    await stopServer(keyed)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
