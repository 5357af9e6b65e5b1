/**
 * The service's memory under hostile cache keys: `npx tsx bench/hostile-keys.ts [requests]`. On the
 * 100,000-location dataset (made by `npm run bench:service` in $TMPDIR/catalogue-bench, or generated here),
 * starts the real service as `npm run serve` does, with its first views on and then off, and sends `requests`
 * API requests (20,000 by default), 16 at a time, each with a new 15 KB ignored parameter and a new
 * 255-character `Host` (a public base of its own). Prints the service's memory at rest and after (VmRSS,
 * VmHWM) and what each cache holds (bytes as its budget counts them, and entries, read from the metrics
 * listener), so the figures say which cache grew. A few minutes; prints, writes nothing.
 */
import { mkdirSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_KEY } from '../server/config'
import { freePort } from '../server/test/redis-process'
import { longHost } from './host-rotation'
import { ensureLargeDataset } from './large-dataset'
import { memoryOf, serveNodeArgs, startServer, stopServer } from './processes'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const WORK_DIR = join(tmpdir(), 'catalogue-bench')
const REQUESTS = Number(process.argv[2] ?? '20000')
const AT_ONCE = 16
const JUNK = 'j'.repeat(15_000)
/** Pages of 20 the hostile requests walk (each page under each Host is a body of its own). */
const PAGES = 5000

/** `count` hostile-key requests to page 1 to `PAGES` of the locations, `AT_ONCE` at a time. */
async function hostileKeys(origin: string, count: number): Promise<Map<number, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: AT_ONCE })
  const statuses = new Map<number, number>()
  let next = 0
  const one = () =>
    new Promise<void>((resolve) => {
      const index = next++
      const path = `/v1/locations?page=${(index % PAGES) + 1}&junk${index}=${JUNK}`
      const headers = { authorization: `Bearer ${DEMO_KEY}`, host: longHost(index) }
      const outgoing = request(`${origin}${path}`, { agent, headers }, (response) => {
        const status = response.statusCode ?? 0
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        response.resume()
        response.on('end', () => resolve())
      })
      outgoing.on('error', () => {
        statuses.set(0, (statuses.get(0) ?? 0) + 1)
        resolve()
      })
      outgoing.end()
    })
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) await one()
    }),
  )
  agent.destroy()
  return statuses
}

/** Each cache's bytes and entries from a scrape of the metrics listener, as one line. */
async function caches(metricsOrigin: string): Promise<string> {
  const text = await (await fetch(`${metricsOrigin}/metrics`)).text()
  const held = new Map<string, { bytes?: number; entries?: number }>()
  for (const match of text.matchAll(/^catalogue_cache_(bytes|entries)\{cache="([^"]+)"\} (\S+)$/gm)) {
    const [, field, cache, value] = match as unknown as [string, 'bytes' | 'entries', string, string]
    held.set(cache, { ...held.get(cache), [field]: Number(value) })
  }
  return [...held]
    .map(([cache, { bytes = 0, entries = 0 }]) => `${cache} ${(bytes / 1048576).toFixed(1)} MB (${entries})`)
    .join(', ')
}

mkdirSync(WORK_DIR, { recursive: true })
const dataset = ensureLargeDataset(ROOT, WORK_DIR)
console.log(
  `${REQUESTS} requests, ${AT_ONCE} at a time, each with a new 15 KB ignored parameter and a new 255-character Host, on ${dataset}.`,
)
for (const firstView of ['on', 'off']) {
  const metricsPort = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CATALOGUE_API_KEYS: '',
    CATALOGUE_DATA: dataset,
    CATALOGUE_RATE_LIMIT: '0',
    CATALOGUE_PUBLIC_URL: '',
    CATALOGUE_FIRST_VIEW: firstView,
    METRICS_PORT: String(metricsPort),
  }
  const service = await startServer({
    name: `service, first view ${firstView}`,
    script: 'server/main.ts',
    nodeArgs: serveNodeArgs(ROOT),
    cwd: ROOT,
    env,
    stdoutFile: join(WORK_DIR, `hostile-keys-${firstView}.log`),
    readyPath: '/explorer-config.json',
  })
  const metricsOrigin = `http://127.0.0.1:${metricsPort}`
  try {
    const pid = service.child.pid as number
    await hostileKeys(service.origin, 200)
    const rest = memoryOf(pid)
    const loadBefore = loadavg()[0] as number
    const started = performance.now()
    const statuses = await hostileKeys(service.origin, REQUESTS)
    const after = memoryOf(pid)
    console.log(
      `First view ${firstView}: at rest ${Math.round(rest.currentMb)} MB; after ${REQUESTS} requests in ${Math.round((performance.now() - started) / 1000)} s, VmRSS ${Math.round(after.currentMb)} MB, VmHWM ${Math.round(after.peakMb)} MB (statuses ${[...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')}; load average ${loadBefore.toFixed(2)} → ${(loadavg()[0] as number).toFixed(2)})`,
    )
    console.log(`  caches: ${await caches(metricsOrigin)}`)
  } finally {
    await stopServer(service)
  }
}
