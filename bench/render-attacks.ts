/**
 * Rows (i) and (j) of `npm run bench:service`: the first views under attack, on a service in demo mode with the
 * default allowance of renders (CATALOGUE_RENDER_RATE unset; the API's rate limit off, so that only the
 * allowance stands between the attacker and the renders). The attacker is one client address (127.0.0.2);
 * another visitor's page 1 of the API (127.0.0.1) is measured meanwhile.
 *
 * (i) New 15 KB navigation addresses, each a list address its loader corrects (`/locations?page=0&z=<15 KB>`),
 * at the rate the allowance lets through for `LONG_ADDRESS_SECONDS`: the service's resident memory before and
 * after (target: growth under 50 MB). (j) On the large dataset, comparison pages of 500 ids never asked for
 * together, `COMPARISON_RATE` a second: the other visitor's p99, beside its p99 alone in the same run (target:
 * under 50 ms).
 */
import { join } from 'node:path'
import { DEFAULT_RENDER_RATE, DEMO_KEY } from '../server/config'
import { drive, type LoadSettings } from './load'
import {
  cpuSecondsOf,
  memoryOf,
  type ServerProcess,
  serveNodeArgs,
  startServer,
  stopServer,
} from './processes'
import type { Run } from './report'
import type { ServerSetup } from './servers'
import { sendSteadily } from './steady-requests'

/** Seconds of row (i)'s attack, and of the other visitor's measurement beside it. */
export const LONG_ADDRESS_SECONDS = 60
/** Characters of row (i)'s junk parameter: with the rest of the address, about 15 KB. */
const LONG_ADDRESS_JUNK = 15_000
/** Comparison pages a second in row (j). */
export const COMPARISON_RATE = 5
/** Ids in each of row (j)'s comparisons: the most the contract allows. */
const COMPARISON_IDS = 500
/** The attacker's client address. */
const ATTACKER = '127.0.0.2'
/** What Chromium's navigation sends. */
const NAVIGATION = { accept: 'text/html', 'accept-language': 'en-GB', 'accept-encoding': 'gzip, deflate, br' }
/** Bytes above which an answer to a comparison is its rendered page, not the app's index.html. */
const RENDERED_BYTES = 20_000
const PAGE_ONE = '/v1/locations'

/** A service in demo mode on `datasetPath`, with the default allowance of renders and no API rate limit. */
async function startDemoService(
  setup: ServerSetup,
  datasetPath: string,
  name: string,
): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CATALOGUE_API_KEYS: '',
    CATALOGUE_DATA: datasetPath,
    CATALOGUE_RATE_LIMIT: '0',
    CATALOGUE_PUBLIC_URL: '',
  }
  delete env.CATALOGUE_RENDER_RATE
  return startServer({
    name: `service in demo mode, ${name} (${setup.label})`,
    script: 'server/main.ts',
    nodeArgs: serveNodeArgs(setup.root),
    cwd: setup.root,
    env,
    stdoutFile: join(setup.workDir, `service-${name}-${setup.label}.log`),
    readyPath: '/explorer-config.json',
  })
}

const otherVisitor = (settings: Omit<LoadSettings, 'headers'>): LoadSettings => ({
  ...settings,
  headers: { authorization: `Bearer ${DEMO_KEY}` },
})

async function measured(service: ServerProcess, settings: LoadSettings, invalid: string[], what: string) {
  const pid = service.child.pid as number
  const before = cpuSecondsOf(pid)
  const result = await drive(service.origin, [PAGE_ONE], settings)
  const cpuUsPerRequest = ((cpuSecondsOf(pid) - before) * 1e6) / Math.max(1, result.requests)
  if (result.non2xx > 0 || result.errors > 0) {
    invalid.push(`${what}: ${result.non2xx} non-2xx responses, ${result.errors} errors or timeouts`)
  }
  return { ...result, cpuUsPerRequest } satisfies Run
}

export type LongAddressRun = {
  run: Run
  startMb: number
  endMb: number
  peakMb: number
  sent: number
  rendered: number
}

/** Row (i): new 15 KB navigation addresses from one address at the allowance's rate, for 60 s. */
export async function benchLongAddresses(
  setup: ServerSetup,
  datasetPath: string,
  settings: Omit<LoadSettings, 'headers'>,
  invalid: string[],
): Promise<LongAddressRun> {
  const service = await startDemoService(setup, datasetPath, 'long addresses')
  try {
    const visitor = otherVisitor(settings)
    await drive(service.origin, [PAGE_ONE], { ...visitor, duration: 2 })
    const startMb = memoryOf(service.child.pid as number).currentMb
    let rendered = 0
    const junk = 'z'.repeat(LONG_ADDRESS_JUNK)
    const attack = sendSteadily(
      DEFAULT_RENDER_RATE,
      (index) => ({
        url: `${service.origin}/locations?page=0&n=${index}&z=${junk}`,
        headers: NAVIGATION,
      }),
      {
        localAddress: ATTACKER,
        // A render corrects the address (302); past the allowance the app's index.html answers (200).
        ok: (status) => status === 302 || status === 200,
        seen: (status) => {
          if (status === 302) rendered++
        },
      },
    )
    const run = await measured(
      service,
      { ...visitor, duration: LONG_ADDRESS_SECONDS },
      invalid,
      '(i) page 1 beside 15 KB addresses',
    )
    const { sent, failed } = await attack.stop()
    if (failed > 0) invalid.push(`(i) ${failed} of ${sent} 15 KB navigations failed`)
    const memory = memoryOf(service.child.pid as number)
    console.log(
      `  (i) ${sent} new 15 KB navigation addresses in ${LONG_ADDRESS_SECONDS} s from ${ATTACKER}, ${rendered} rendered: RSS ${Math.round(startMb)} → ${Math.round(memory.currentMb)} MB (peak ${Math.round(memory.peakMb)} MB); page 1 beside them p99 ${run.p99.toFixed(2)} ms`,
    )
    return { run, startMb, endMb: memory.currentMb, peakMb: memory.peakMb, sent, rendered }
  } finally {
    await stopServer(service)
  }
}

export type ComparisonRuns = {
  alone: Run[]
  beside: Run[]
  peakMb: number
  sent: number
  rendered: number
}

/** Row (j): 500-id comparison pages from one address, 5 a second, beside page 1 alone in the same run. */
export async function benchComparisonPages(
  setup: ServerSetup,
  datasetPath: string,
  maxId: number,
  settings: Omit<LoadSettings, 'headers'>,
  rounds: number,
  invalid: string[],
): Promise<ComparisonRuns> {
  const service = await startDemoService(setup, datasetPath, 'comparisons')
  try {
    const visitor = otherVisitor(settings)
    await drive(service.origin, [PAGE_ONE], { ...visitor, duration: 2 })
    let seed = 1
    const nextId = () => {
      seed = (seed * 48271) % 2147483647
      return (seed % maxId) + 1
    }
    const alone: Run[] = []
    const beside: Run[] = []
    let sent = 0
    let rendered = 0
    for (let round = 0; round < rounds; round++) {
      alone.push(await measured(service, visitor, invalid, '(j) page 1 alone'))
      const attack = sendSteadily(
        COMPARISON_RATE,
        () => {
          const ids = new Set<number>()
          while (ids.size < COMPARISON_IDS) ids.add(nextId())
          return { url: `${service.origin}/locations/${[...ids].join(',')}`, headers: NAVIGATION }
        },
        {
          localAddress: ATTACKER,
          seen: (_status, headers) => {
            if (Number(headers['content-length'] ?? 0) > RENDERED_BYTES) rendered++
          },
        },
      )
      beside.push(await measured(service, visitor, invalid, '(j) page 1 beside 500-id comparisons'))
      const stopped = await attack.stop()
      sent += stopped.sent
      if (stopped.failed > 0) invalid.push(`(j) ${stopped.failed} of ${stopped.sent} comparison pages failed`)
      console.log(
        `  round ${round + 1}/${rounds}  (j) page 1 alone p99 ${(alone.at(-1) as Run).p99.toFixed(2)} ms, beside ${stopped.sent} 500-id comparison pages from ${ATTACKER} p99 ${(beside.at(-1) as Run).p99.toFixed(2)} ms`,
      )
    }
    console.log(`  (j) ${rendered} of ${sent} comparison pages rendered (the others: the app's index.html)`)
    return { alone, beside, peakMb: memoryOf(service.child.pid as number).peakMb, sent, rendered }
  } finally {
    await stopServer(service)
  }
}
