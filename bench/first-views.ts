/**
 * Rows (g) and (h) of `npm run bench:service`: the first view of a list, rendered by the service as HTML for a
 * navigation (issue 22), on a service in demo mode (the only mode whose first views hold rows), beside the
 * JSON page the same dataset's keyed service answers in row (a). (g) sends new list addresses once each, so
 * every one is rendered (its JSON answer is new too); (h) asks for `/locations` again and again, which the
 * service's cache of rendered views answers. The server's CPU per request is read from /proc, as for every row.
 */
import { join } from 'node:path'
import { locations as LOCATIONS } from '../src/catalogue'
import { listSearch, readListUrl } from '../src/lib/list-url'
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
import { getOnce } from './request'
import type { ServerSetup } from './servers'

/** What a navigation sends: the service answers it with the first view. */
const NAVIGATION = { accept: 'text/html', 'accept-language': 'en-GB' }
/** What Chromium's navigation sends: the service compresses the first view for it. */
const BROWSER_NAVIGATION = { ...NAVIGATION, 'accept-encoding': 'gzip, deflate, br, zstd' }

export type FirstViewRuns = { uncached: Run[]; cached: Run[]; addresses: number; peakMb: number }

export async function benchFirstViews(
  setup: ServerSetup,
  datasetPath: string,
  /** API list paths never asked for (`/v1/locations?name=x`): their app addresses are rendered once each. */
  newListPaths: readonly string[],
  settings: Omit<LoadSettings, 'headers'>,
  rounds: number,
  invalid: string[],
): Promise<FirstViewRuns> {
  const service = await startServer({
    name: `service in demo mode (${setup.label})`,
    script: 'server/main.ts',
    nodeArgs: serveNodeArgs(setup.root),
    cwd: setup.root,
    env: {
      ...process.env,
      CATALOGUE_API_KEYS: '',
      CATALOGUE_DATA: datasetPath,
      CATALOGUE_RATE_LIMIT: '0',
      // Every new address rendered: the allowance of renders per address is the subject of rows (i) and (j).
      CATALOGUE_RENDER_RATE: '0',
      CATALOGUE_PUBLIC_URL: '',
    },
    stdoutFile: join(setup.workDir, `service-demo-${setup.label}.log`),
    readyPath: '/explorer-config.json',
  })
  try {
    const addresses = newListPaths.map(appAddressOf)
    await expectRows(service, addresses[0] ?? '/locations')
    const navigation = { ...settings, headers: BROWSER_NAVIGATION }
    // Warm-up: a tenth of the addresses, and the cached one.
    const warmUp = Math.max(rounds, Math.floor(addresses.length / 10))
    await drive(service.origin, addresses.slice(0, warmUp), { ...navigation, amount: warmUp })
    await drive(service.origin, ['/locations'], { ...navigation, duration: 1 })
    // The rest in `rounds` slices, each address sent once: every request a render.
    const rest = addresses.slice(warmUp)
    const size = Math.floor(rest.length / rounds)
    const uncached: Run[] = []
    const cached: Run[] = []
    for (let round = 0; round < rounds; round++) {
      const slice = rest.slice(round * size, (round + 1) * size)
      uncached.push(await measured(service, slice, { ...navigation, amount: slice.length }, invalid))
      cached.push(await measured(service, ['/locations'], navigation, invalid))
      const last = (runs: Run[]) => runs.at(-1) as Run
      console.log(
        `  round ${round + 1}/${rounds}  (g) first view, ${slice.length} new addresses ${Math.round(last(uncached).requestsPerSecond)} req/s ${Math.round(last(uncached).cpuUsPerRequest)} µs CPU/request; (h) cached ${Math.round(last(cached).requestsPerSecond)} req/s ${Math.round(last(cached).cpuUsPerRequest)} µs CPU/request`,
      )
    }
    return { uncached, cached, addresses: size, peakMb: memoryOf(service.child.pid as number).peakMb }
  } finally {
    await stopServer(service)
  }
}

/**
 * `/v1/locations?page=2&name=x` → `/locations?name=x&page=2`: the explorer's address of the same list, in the
 * canonical order its loader would otherwise redirect to.
 */
function appAddressOf(apiPath: string): string {
  const query = new URLSearchParams(apiPath.slice(LOCATIONS.listPath.length).replace(/^\/?\??/, ''))
  return `${LOCATIONS.appPath}${listSearch(readListUrl(query, LOCATIONS), LOCATIONS)}`
}

/** Guards against measuring the app's shell: the answer must be a rendered view with its rows. */
async function expectRows(service: ServerProcess, address: string): Promise<void> {
  const answer = await getOnce(service.origin, address, NAVIGATION)
  const html = answer.body.toString()
  if (answer.status !== 200 || !html.includes('"frame":false') || !html.includes('<table')) {
    throw new Error(
      `${address} did not answer a rendered list (status ${answer.status}): run npm run build first (it writes dist-server/).`,
    )
  }
}

async function measured(
  service: ServerProcess,
  paths: readonly string[],
  settings: LoadSettings,
  invalid: string[],
): Promise<Run> {
  const pid = service.child.pid as number
  const before = cpuSecondsOf(pid)
  const result = await drive(service.origin, paths, settings)
  const cpuUsPerRequest = ((cpuSecondsOf(pid) - before) * 1e6) / Math.max(1, result.requests)
  if (result.non2xx > 0 || result.errors > 0) {
    invalid.push(`first views: ${result.non2xx} non-2xx responses, ${result.errors} errors or timeouts`)
  }
  return { ...result, cpuUsPerRequest }
}
