import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { CHROMIUM_PATH } from './browser'

const run = promisify(execFile)

/** Scores (0 to 1) and the main timings of one Lighthouse run. */
export interface LighthouseRun {
  performance: number
  accessibility: number
  bestPractices: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Lighthouse's measure of this machine's speed (BenchmarkIndex): its timings scale with it. */
  benchmarkIndex: number
}

interface Report {
  categories: Record<'performance' | 'accessibility' | 'best-practices', { score: number | null }>
  audits: Record<string, { numericValue?: number }>
  environment?: { benchmarkIndex?: number }
  runtimeError?: { message: string }
}

/**
 * Where a run starts from: a fresh profile (Lighthouse clears storage), or a profile prepared beforehand
 * (removed after the run).
 */
export type LighthouseProfile = { userDataDir: string; remove(): void } | null

export interface LighthouseOptions {
  /**
   * The simulated phone's CPU, as times slower than this machine: Lighthouse's default is 4 (a host about
   * four times a mid-tier phone); the calibrated slowdown is this machine's benchmarkIndex / 1000.
   */
  cpuSlowdown: number
}

/** Lighthouse's own CPU slowdown for a mobile run. */
export const DEFAULT_CPU_SLOWDOWN = 4

/** Tries of one measurement: Lighthouse now and then fails to record a page load ("run Lighthouse again"). */
const TRIES = 3

/** One Lighthouse measurement, tried again when Lighthouse itself fails (never more than `TRIES` times). */
export async function lighthouse(
  root: string,
  url: string,
  options: LighthouseOptions,
  profile: () => LighthouseProfile = () => null,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    const prepared = profile()
    try {
      return await lighthouseOnce(root, url, options, prepared)
    } catch (error) {
      if (attempt >= TRIES) throw error
      console.error(`Lighthouse failed on ${url} (try ${attempt} of ${TRIES}); trying again.`)
    } finally {
      prepared?.remove()
    }
  }
}

/**
 * One run of the `lighthouse` command (its default: a mobile phone, simulated slow 4G; the CPU slowdown as
 * asked) with Debian's Chromium, in a fresh browser profile each time, or in a copy of a prepared one (a key kept in
 * its storage, which Lighthouse is then told not to clear: its HTTP cache is empty all the same).
 */
async function lighthouseOnce(
  root: string,
  url: string,
  options: LighthouseOptions,
  profile: LighthouseProfile,
): Promise<LighthouseRun> {
  const chromeFlags = ['--headless=new', '--no-sandbox']
  if (profile) chromeFlags.push(`--user-data-dir=${profile.userDataDir}`)
  const { stdout } = await run(
    join(root, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices',
      `--chrome-flags=${chromeFlags.join(' ')}`,
      `--throttling.cpuSlowdownMultiplier=${options.cpuSlowdown}`,
      ...(profile ? ['--disable-storage-reset'] : []),
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 256 * 1024 * 1024 },
  )
  const report = JSON.parse(stdout) as Report
  if (report.runtimeError)
    throw new Error(`Lighthouse could not measure ${url}: ${report.runtimeError.message}`)
  const score = (category: keyof Report['categories']) => {
    const value = report.categories[category].score
    if (value === null) throw new Error(`Lighthouse gave no ${category} score for ${url}.`)
    return value
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
  }
}
