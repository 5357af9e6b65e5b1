/**
 * `npm run bench:app`: the explorer as a user gets it, measured in headless Chromium and by Lighthouse.
 * Not part of `npm test`. Flags: --runs 5 --lighthouse-runs 5 --keyed-runs (as --lighthouse-runs) --no-build
 * --no-browser --no-layout-shift --no-lighthouse --no-keyed --no-write. Lighthouse measures the routes the
 * service renders, in demo mode (first views with their rows) and again on a service with keys configured,
 * with a key kept in the browser (first views are then the pages' frames, and the app fetches the data).
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { firstPageJavaScript } from '../../server/build/bundle-size'
import { stopServer } from '../processes'
import { launchBrowser, newVisitor, openPage } from './browser'
import { layoutShiftOf, visitLocations } from './journey'
import { keptKeyProfile } from './kept-key-profile'
import { lighthouse } from './lighthouse'
import { conditionKey, type Measurements, perCondition, reportMarkdown, writeBetweenMarkers } from './report'
import { CACHES, LATENCIES_MS, RENDERED_ROUTES, ROUTES } from './routes'
import { buildExplorer, startExplorerService } from './service'

const root = resolve(import.meta.dirname, '..', '..')
const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'lighthouse-runs': { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    'no-layout-shift': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-keyed': { type: 'boolean', default: false },
    'keyed-runs': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
})
const runs = flags['no-browser'] ? 0 : Number(flags.runs)
const lighthouseRuns = flags['no-lighthouse'] ? 0 : Number(flags['lighthouse-runs'])
const keyedRuns = flags['no-keyed'] ? 0 : Number(flags['keyed-runs'] ?? lighthouseRuns)
/** The key of the keyed service: made for this run, kept in the measured browser's storage only. */
const KEYED_KEY = `bench-${randomBytes(12).toString('hex')}`

function commit(): string {
  const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const dirty = execFileSync(
    'git',
    ['status', '--porcelain', '--', 'src', 'server', 'index.html', 'public'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
  return dirty.trim() === '' ? hash : `${hash}, with uncommitted changes to the app`
}

/** The 1-minute load average, sampled at every step: the machine is shared, and the report quotes it. */
const loadSamples: number[] = []
const log = (message: string) => {
  loadSamples.push(loadavg()[0] ?? Number.NaN)
  console.error(`bench:app: ${message} (load average ${loadSamples.at(-1)?.toFixed(2)})`)
}

async function main(): Promise<void> {
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
    lighthouse: {},
    keyedLighthouse: {},
  }
  try {
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
    // Lighthouse's targets are the rendered routes' (settings is not rendered by the service).
    for (const { path } of lighthouseRuns > 0 ? RENDERED_ROUTES : []) {
      for (let run = 1; run <= lighthouseRuns; run++) {
        log(`Lighthouse ${path}: run ${run} of ${lighthouseRuns}`)
        const result = await lighthouse(root, `${service.origin}${path}`)
        measured.lighthouse[path] = [...(measured.lighthouse[path] ?? []), result]
      }
    }
    if (keyedRuns > 0) await measureKeyed(measured, workDir)
    const markdown = reportMarkdown(measured, {
      date: new Date(),
      commit: commit(),
      machine: `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`,
      node: process.version,
      chromium: browser.version(),
      loadBefore,
      loadAfter: loadavg()[0] ?? Number.NaN,
      loadDuring: loadSamples,
      firstPageJsBytes: firstPageJavaScript(join(root, 'dist')).bytes,
      runs,
      lighthouseRuns,
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

/** Lighthouse on the rendered routes of a service with keys configured, the key kept in the browser. */
async function measureKeyed(measured: Measurements, workDir: string): Promise<void> {
  const keyed = await startExplorerService(root, workDir, [KEYED_KEY])
  try {
    const profile = await keptKeyProfile(keyed.origin, KEYED_KEY, workDir)
    for (const { path } of RENDERED_ROUTES) {
      for (let run = 1; run <= keyedRuns; run++) {
        log(`Lighthouse ${path}, keyed mode: run ${run} of ${keyedRuns}`)
        const result = await lighthouse(root, `${keyed.origin}${path}`, () => profile.copy())
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
