/**
 * `npm run bench:app -- --quick`: one route's main thread (default `/locations`), 3 rounds (`--rounds`), for measuring a
 * change before and after it. With `--against <checkout>` (another copy of the repository, its
 * node_modules beside it) both builds are served at once and measured in turns, A B then B A, so that the
 * machine's load, which changes by the minute on a shared machine, falls on both alike. Each round, for each
 * build: a cold load at 1× with JavaScript and one without (the floor), a profiled load (where the time
 * goes: shares of samples, which the load stretches less than durations), and Lighthouse with the
 * calibrated slowdown (`--no-lighthouse` leaves it out). Prints its tables; writes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { type ServerProcess, stopServer } from '../processes'
import { calibratedSlowdown, measureBenchmarkIndex } from './benchmark-index'
import { launchBrowser } from './browser'
import { appCommit } from './commit'
import { type LighthouseRun, lighthouse } from './lighthouse'
import { coldLoad } from './main-thread'
import { mainThreadTable, profileTables, type RouteLoads } from './main-thread-report'
import { type LoadProfile, profileOf, SourceReader } from './profile-attribution'
import { buildExplorer, startExplorerService } from './service'
import { formatSpread } from './stats'

export interface QuickOptions {
  root: string
  /** Another checkout to measure in turns with this one; null: this one alone. */
  against: string | null
  route: string
  /** Rounds of measurements (3; more to tell a small change from the noise of a busy machine). */
  rounds: number
  build: boolean
  lighthouse: boolean
  /** A slowdown asked for; null: calibrated from the machine's benchmarkIndex. */
  slowdown: number | null
  log(message: string): void
  /** The load averages `log` sampled. */
  loadSamples: number[]
}

interface Build {
  label: string
  root: string
  service: ServerProcess | null
  reader: SourceReader
  loads: RouteLoads
  profiles: LoadProfile[]
  lighthouse: LighthouseRun[]
}

export async function runQuick(options: QuickOptions): Promise<void> {
  const { log, route, rounds } = options
  const roots = [options.root, ...(options.against ? [options.against] : [])]
  const builds: Build[] = roots.map((root, index) => ({
    label: `${index === 0 ? 'this checkout' : `against ${basename(root)}`} (${appCommit(root)})`,
    root,
    service: null,
    reader: new SourceReader(join(root, 'dist')),
    loads: { on: [], off: [] },
    profiles: [],
    lighthouse: [],
  }))
  const workDir = mkdtempSync(join(tmpdir(), 'bench-app-quick-'))
  const browser = await launchBrowser()
  try {
    for (const build of builds) {
      if (options.build) {
        log(`building ${build.label}`)
        buildExplorer(build.root)
      }
      build.service = await startExplorerService(build.root, workDir)
    }
    log('measuring the machine (benchmarkIndex, 5 times)')
    const indexes = await measureBenchmarkIndex(browser)
    const slowdown = options.slowdown ?? calibratedSlowdown(indexes)
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? builds : [...builds].reverse()
      for (const build of order) {
        const url = `${build.service?.origin}${route}`
        log(`round ${round} of ${rounds}: ${build.label}, ${route}`)
        build.loads.on.push((await coldLoad(browser, url, { javaScript: true })).load)
        build.loads.off.push((await coldLoad(browser, url, { javaScript: false })).load)
        const { trace } = await coldLoad(browser, url, { javaScript: true, profile: true })
        build.profiles.push(profileOf(trace, build.reader))
        if (options.lighthouse) {
          build.lighthouse.push(await lighthouse(build.root, url, { cpuSlowdown: slowdown }))
        }
      }
    }
    const lines = [
      `Quick measurement of \`${route}\`, ${rounds} rounds${builds.length > 1 ? ', the builds in turns' : ''}; ` +
        `benchmarkIndex ${formatSpread(indexes)} (CPU slowdown ${slowdown}×); load average ` +
        `${formatSpread(options.loadSamples, 2)} (median and range of ${options.loadSamples.length} samples).`,
      '',
      'At 1× CPU, cold loads, the first 4 s (medians, range in brackets):',
      '',
      ...mainThreadTable(Object.fromEntries(builds.map((build) => [build.label, build.loads]))),
      '',
      'Where the main thread’s time goes (profiled loads, ms per load and share):',
      '',
      ...profileTables(builds.map(({ label, profiles }) => ({ label, profiles }))),
      '',
      'The three tasks of each profiled load in which the main thread ran longest (profiled: slower than the',
      'loads above), with what their samples show:',
      '',
      '```',
      ...builds.flatMap(({ label, profiles }) => [
        label,
        ...profiles.flatMap(({ longestTasks }, index) => [
          `  load ${index + 1}`,
          ...longestTasks.map((line) => `    ${line}`),
        ]),
      ]),
      '```',
    ]
    if (options.lighthouse) {
      lines.push(
        '',
        `Lighthouse (mobile, calibrated CPU slowdown ${slowdown}×), medians:`,
        '',
        '| build | performance | TBT ms | LCP ms | FCP ms | benchmarkIndex |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        ...builds.map(
          (build) =>
            `| ${build.label} | ${formatSpread(
              build.lighthouse.map((run) => run.performance),
              2,
            )} | ${formatSpread(build.lighthouse.map((run) => run.tbtMs))} | ${formatSpread(
              build.lighthouse.map((run) => run.lcpMs),
            )} | ${formatSpread(build.lighthouse.map((run) => run.fcpMs))} | ${formatSpread(
              build.lighthouse.map((run) => run.benchmarkIndex),
            )} |`,
        ),
      )
    }
    console.log(lines.join('\n'))
  } finally {
    await browser.close()
    for (const build of builds) if (build.service) await stopServer(build.service)
    rmSync(workDir, { recursive: true, force: true })
  }
}
