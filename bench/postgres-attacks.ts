import { readFileSync } from 'node:fs'
import { type IncomingMessage, request } from 'node:http'
import { join } from 'node:path'
import pg from 'pg'
import { DEMO_KEY } from '../server/config'
import { connectionOptions } from '../server/postgres/database'
import type { PostgresCluster } from '../server/test/postgres-process'
import { memoryOf, type ServerProcess, serveNodeArgs, startServer, stopServer } from './processes'
import { median } from './report'

/**
 * The attack rows of `npm run bench:service -- --store postgres` (the PostgreSQL store under attack): a service
 * in demo mode on the loaded database, with its defaults (rate limit, pool, deadline), each attacker from a
 * loopback address of its own (Linux answers the whole of 127/8), so that each has its own rate bucket, as a
 * crowd of visitors would:
 *
 * - ten filters holding U+0000, then a plain filter and /readyz;
 * - ten exports sorted by name at once, read normally, while another visitor asks filters never asked before;
 * - five addresses asking two deep sorted pages of a view at a time each, while another visitor does the same;
 * - the database restarted with a request in flight: the process lives and answers again;
 * - 150 streams that stop reading after their first bytes: the service's peak memory, and how they end.
 */

export interface AttackOptions {
  root: string
  workDir: string
  url: string
  cluster: PostgresCluster
  /** The budget of the service's memory (MB) the stalled streams must stay within. */
  memoryBudgetMb: number
}

export interface TargetRow {
  target: string
  measured: string
  pass: boolean
}

const HEADERS = { authorization: `Bearer ${DEMO_KEY}` }
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en')} ms`
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

/** One GET from a given client address: its status, its time to the whole answer, its body. */
function ask(origin: string, path: string, localAddress: string) {
  return new Promise<{ status: number; ms: number; body: string }>((resolve) => {
    const began = performance.now()
    const outgoing = request(`${origin}${path}`, { headers: HEADERS, localAddress }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - began,
          body: Buffer.concat(chunks).toString(),
        }),
      )
      response.on('error', () => resolve({ status: 0, ms: performance.now() - began, body: '' }))
    })
    outgoing.on('error', () => resolve({ status: 0, ms: performance.now() - began, body: '' }))
    outgoing.end()
  })
}

/**
 * Another visitor: one filter never asked before at a time, from its own address, until stopped; the
 * answers' times and statuses.
 */
function visitor(origin: string) {
  const times: number[] = []
  const statuses: number[] = []
  let running = true
  let n = 0
  const loop = (async () => {
    while (running) {
      // Five digits no request of this run asked before: a selective filter no cache can answer.
      const value = String(10_000 + ((Date.now() + n++ * 7_919) % 90_000))
      const answer = await ask(origin, `/v1/locations?name=${value}&visitor=${n}`, '127.0.0.200')
      times.push(answer.ms)
      statuses.push(answer.status)
      await sleep(20)
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      return { times, statuses }
    },
  }
}

const describeVisitor = ({ times, statuses }: { times: number[]; statuses: number[] }) => {
  const failed = statuses.filter((status) => status !== 200).length
  return `another visitor’s ${times.length} filters: p50 ${ms(median(times))}, p99 ${ms(percentile(times, 99))}, ${failed} not 200`
}

/** Opens a stream from an address; `stall` stops reading after its first bytes. How it went. */
function openStream(origin: string, path: string, localAddress: string, stall: boolean, cutAfterMs: number) {
  return new Promise<{ status: number; firstByteMs: number; bytes: number; ended: 'whole' | 'cut' }>(
    (resolve) => {
      const began = performance.now()
      let firstByteMs = Number.NaN
      let bytes = 0
      let status = 0
      let settled = false
      const done = (ended: 'whole' | 'cut') => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve({ status, firstByteMs, bytes, ended })
      }
      const outgoing = request(`${origin}${path}`, { headers: HEADERS, localAddress })
      const timer = setTimeout(() => {
        outgoing.destroy()
        done('cut')
      }, cutAfterMs)
      outgoing.on('response', (response: IncomingMessage) => {
        status = response.statusCode ?? 0
        response.on('data', (chunk: Buffer) => {
          if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - began
          bytes += chunk.length
          if (stall) response.pause()
        })
        response.on('end', () => done(response.complete ? 'whole' : 'cut'))
        response.on('aborted', () => done('cut'))
        response.on('error', () => done('cut'))
      })
      outgoing.on('error', () => done('cut'))
      outgoing.end()
    },
  )
}

/** Connections the service holds open in a transaction it never ends, or checked out and idle for long. */
async function leakedConnections(url: string): Promise<number> {
  const client = new pg.Client(connectionOptions(url, 'catalogue-bench'))
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM pg_stat_activity
        WHERE application_name = 'catalogue-service' AND state = 'idle in transaction'`,
    )
    return rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}

export async function benchPostgresAttacks(options: AttackOptions): Promise<TargetRow[]> {
  const { url, cluster } = options
  const logFile = join(options.workDir, 'postgres-bench-attacked.log')
  const start = () =>
    startServer({
      name: 'attacked',
      script: 'server/main.ts',
      nodeArgs: serveNodeArgs(options.root),
      cwd: options.root,
      env: {
        // Its own settings alone, but the bound on costly queries, which a run may set to compare.
        ...Object.fromEntries(
          Object.entries(process.env).filter(
            ([name]) => !name.startsWith('CATALOGUE_') || name === 'CATALOGUE_DATABASE_COSTLY_QUERIES',
          ),
        ),
        CATALOGUE_DATABASE_URL: url,
        CATALOGUE_FIRST_VIEW: 'off',
      },
      stdoutFile: logFile,
      readyPath: '/v1/locations',
      readyHeaders: HEADERS,
    })
  let service: ServerProcess = await start()
  const rows: TargetRow[] = []
  try {
    // (1) Ten filters holding U+0000, one a second from one address, then a plain filter and /readyz.
    const nul: number[] = []
    for (let n = 0; n < 10; n++) {
      nul.push((await ask(service.origin, `/v1/locations?name=x%00${n}`, '127.0.0.30')).status)
      await sleep(1_000)
    }
    const plain = await ask(service.origin, '/v1/locations?name=83917', '127.0.0.31')
    const ready = await ask(service.origin, '/readyz', '127.0.0.31')
    rows.push({
      target: 'ten filters holding U+0000: each 200; then a plain filter 200 within 1 s, /readyz 200',
      measured: `U+0000: ${nul.join(', ')}; the plain filter ${plain.status} in ${ms(plain.ms)}; /readyz ${ready.status}`,
      pass:
        nul.every((status) => status === 200) &&
        plain.status === 200 &&
        plain.ms < 1_000 &&
        ready.status === 200,
    })
    console.log(rows.at(-1))

    // (2) Ten exports sorted by name at once, each from its own address, read normally for up to 60 s.
    const others = visitor(service.origin)
    const exports = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        openStream(
          service.origin,
          '/v1/locations?_export=csv&_sort=name',
          `127.0.0.${41 + n}`,
          false,
          60_000,
        ),
      ),
    )
    const during = await others.stop()
    await sleep(2_000)
    const afterExports = await ask(service.origin, '/v1/locations?name=71933', '127.0.0.31')
    const leaked = await leakedConnections(url)
    const served = exports.filter((each) => each.status === 200)
    const refused = exports.filter((each) => each.status === 503).length
    const slowest = Math.max(...during.times)
    rows.push({
      target:
        'ten exports sorted by name at once: each 200 or 503 before its first byte; another visitor answered 200 within 10 s; afterwards a filter 200, no connection left open',
      measured: `${served.length} streamed (first byte p50 ${ms(median(served.map((each) => each.firstByteMs)))}), ${refused} 503; ${describeVisitor(during)}, slowest ${ms(slowest)}; afterwards ${afterExports.status} in ${ms(afterExports.ms)}, ${leaked} connections idle in a transaction`,
      pass:
        served.length + refused === 10 &&
        during.statuses.every((status) => status === 200) &&
        slowest <= 10_000 &&
        afterExports.status === 200 &&
        leaked === 0,
    })
    console.log(rows.at(-1))

    // (3) Five addresses, two deep sorted pages of a view with a condition at a time each, for 20 s.
    const count = (
      JSON.parse((await ask(service.origin, '/v1/locations?residents__gte=1', '127.0.0.31')).body) as {
        info: { count: number }
      }
    ).info.count
    const deepest = Math.floor(count / 20)
    let attacking = true
    const pageAnswers: number[] = []
    const attackers = Array.from({ length: 10 }, async (_, n) => {
      let page = Math.floor(deepest * 0.8) + n * 997
      while (attacking) {
        page = page >= deepest ? Math.floor(deepest * 0.5) + n : page + 10
        const answer = await ask(
          service.origin,
          `/v1/locations?_sort=name&residents__gte=1&page=${page}`,
          `127.0.0.${61 + (n % 5)}`,
        )
        pageAnswers.push(answer.status)
      }
    })
    await sleep(2_000)
    const visiting = visitor(service.origin)
    await sleep(20_000)
    const underDeepPages = await visiting.stop()
    attacking = false
    await Promise.all(attackers)
    const p99 = percentile(underDeepPages.times, 99)
    const tally = (statuses: number[]) => {
      const counts = new Map<number, number>()
      for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1)
      return [...counts].map(([status, n]) => `${n} × ${status}`).join(', ')
    }
    rows.push({
      target: 'five addresses, two deep sorted pages at a time each: another visitor’s filters p99 ≤ 50 ms',
      measured: `${describeVisitor(underDeepPages)}; the deep pages: ${tally(pageAnswers)} (${count.toLocaleString('en')} records, pages up to ${deepest.toLocaleString('en')})`,
      pass: p99 <= 50 && underDeepPages.statuses.every((status) => status === 200),
    })
    console.log(rows.at(-1))

    // (4) The database stopped and started again with a request in flight.
    const inFlight = ask(
      service.origin,
      `/v1/locations?_sort=name&residents__gte=1&page=${deepest - 3}`,
      '127.0.0.70',
    )
    await sleep(100)
    cluster.stop()
    const whileStopped = await ask(service.origin, '/v1/locations?name=55119', '127.0.0.71')
    const flew = await inFlight
    cluster.start()
    const restarted = performance.now()
    let back = Number.NaN
    while (performance.now() - restarted < 20_000) {
      const answer = await ask(
        service.origin,
        `/v1/locations?name=4${Math.floor(Math.random() * 9999)}`,
        '127.0.0.72',
      )
      if (answer.status === 200) {
        back = performance.now() - restarted
        break
      }
      await sleep(100)
    }
    const alive = service.child.exitCode === null && service.child.signalCode === null
    rows.push({
      target:
        'the database restarted with a request in flight: the process lives, and answers 200 within 10 s',
      measured: `in flight: ${flew.status}; while stopped: ${whileStopped.status}; ${alive ? 'alive' : 'the process ended'}; 200 again ${ms(back)} after the start`,
      pass: alive && back <= 10_000,
    })
    console.log(rows.at(-1))
    if (!alive) service = await start()

    // (5) 150 streams that stop reading after their first bytes, each from its own address; after 40 s, how
    // many the service has ended (each ended answer writes its request's line to the log).
    const before = memoryOf(service.child.pid as number).currentMb
    let peak = before
    const sampling = setInterval(() => {
      peak = Math.max(peak, memoryOf(service.child.pid as number).currentMb)
    }, 100)
    const stalling = Array.from({ length: 150 }, (_, n) =>
      openStream(service.origin, '/v1/locations?_export=csv', `127.0.1.${1 + n}`, true, 45_000),
    )
    await sleep(40_000)
    const ended = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"client":"127.0.1.') && line.includes('"status":200')).length
    clearInterval(sampling)
    const stalled = await Promise.all(stalling)
    const opened = stalled.filter((each) => each.status === 200).length
    const refusedStreams = stalled.filter((each) => each.status === 503).length
    rows.push({
      target: `150 streams that stop reading: the service’s memory ≤ ${options.memoryBudgetMb} MB; each refused with 503 or ended by the service within 40 s`,
      measured: `${opened} opened, ${refusedStreams} refused with 503; peak RSS ${Math.round(peak)} MB (${Math.round(before)} MB before); ${ended} of the opened ended by the service within 40 s`,
      pass: peak <= options.memoryBudgetMb && opened + refusedStreams === 150 && ended === opened,
    })
    console.log(rows.at(-1))
  } finally {
    await stopServer(service)
  }
  return rows
}
