/**
 * `npm run bench:service -- --store postgres`: the PostgreSQL store on a generated catalogue (default 1,000,000
 * locations and 9,801 episodes, the most the episode codes allow; `--locations N --episodes N`), in a throwaway cluster of its own (the tests'
 * `startPostgres`), one request at a time:
 *
 * - `db:load` of the file: wall time and the loader's peak RSS;
 * - the service's start to its first answer and its peak RSS after the requests below, beside the same service
 *   on the shipped catalogue file, in the same run;
 * - uncached page 1, the Last page and a record by id (each request under a Host of its own, so no cache of the
 *   service answers it), never-seen filters: selective (3+ characters, at most 1,000 matches), broad (50,000+
 *   matches, first page), of one or two characters, and page 2,000 of a broad filter after its first page;
 *   each row's p50 beside the execution time of the same SQL (EXPLAIN ANALYZE, median of the same values);
 * - search (bench/postgres-search.ts): `/v1/search`, a list's `_search` page 1, page 50 of a broad one;
 * - two replicas on the database and one Redis while `db:load` runs again: 200 requests a second between them,
 *   the failed ones counted, and the time from the load's switch until both serve the new version.
 *
 * Writes its table into docs/benchmarks.md (section `postgres`; `--only search`: section `postgres-search`).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { FoldedFilter } from '../server/catalogue/source'
import { DEFAULT_DATASET_PATH } from '../server/config'
import { CHANNEL, connectionOptions, Database } from '../server/postgres/database'
import { PostgresCollection } from '../server/postgres/store'
import { type PostgresCluster, startPostgres } from '../server/test/postgres-process'
import { freePort, launchRedis } from '../server/test/redis-process'
import { COLLECTIONS } from '../src/catalogue'
import { currentCommit, publishRun, stampNow, targetTable } from './benchmarks-doc'
import { ensureLargeDataset } from './large-dataset'
import { benchPostgresAttacks } from './postgres-attacks'
import { postgresSearchRows } from './postgres-search'
import { memoryOf, type ServerProcess, serveNodeArgs, startServer, stopServer } from './processes'
import { median } from './report'
import { getOnce } from './request'
import { authorization } from './servers'
import { characterRows } from './service-characters'
import { postgresViewRows, postgresViewTargets } from './service-views'
import { sendSteadily } from './steady-requests'

export interface PostgresBenchOptions {
  root: string
  workDir: string
  apiKey: string
  locations: number
  episodes: number
  /** Samples of each latency row. */
  samples: number
  command: string
  /** `attacks`, `views`, `search`: the load and those rows alone. */
  only?: string
}

const [locations] = COLLECTIONS
/** The service's memory budget (docs/deploy.md, "Memory"): what stalled streams must stay within. */
const MEMORY_BUDGET_MB = 400
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : Math.round(value)} ms`

/** Runs a program as its own process until it exits, sampling its peak RSS (VmHWM) as it goes. */
async function measuredRun(args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  let peakMb = 0
  const sample = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, memoryOf(child.pid as number).peakMb)
    } catch {
      // Exited between two samples.
    }
  }, 50)
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  clearInterval(sample)
  if (code !== 0) throw new Error(`${args.join(' ')} failed (${code}):\n${output}`)
  return { seconds: (performance.now() - started) / 1000, peakMb, output: output.trim() }
}

/** The SQL the store sends for a call, captured instead of run, to EXPLAIN ANALYZE it. */
function capturedSql(
  generation: number,
  count: number,
  call: (source: PostgresCollection) => Promise<unknown>,
) {
  let captured: { text: string; values: unknown[] } | null = null
  const capture = async (_label: string, text: string, values: unknown[] = []) => {
    captured = { text, values }
    return []
  }
  const recorder = { query: capture } as unknown as Database
  return call(new PostgresCollection(recorder, locations, generation, count)).then(() => {
    if (captured === null) throw new Error('No SQL was sent')
    return captured as { text: string; values: unknown[] }
  })
}

async function explainMs(client: pg.Client, sql: { text: string; values: unknown[] }): Promise<number> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`,
    sql.values,
  )
  return rows[0]?.['QUERY PLAN'][0]['Execution Time'] ?? Number.NaN
}

/**
 * `db:load`'s targets: 90 s since the load writes the search's words too (contract §13; 60 s before), and 300 MB.
 */
// 120 s since the characters' pairs (issue 46 moved it from search's 90 s): search and characters load together.
const LOAD_SECONDS = 120
const LOAD_PEAK_MB = 300

function loadRows(load: { seconds: number; peakMb: number }) {
  return [
    {
      target: `db:load ≤ ${LOAD_SECONDS} s`,
      measured: `${load.seconds.toFixed(1)} s`,
      pass: load.seconds <= LOAD_SECONDS,
    },
    {
      target: `db:load peak RSS ≤ ${LOAD_PEAK_MB} MB`,
      measured: `${Math.round(load.peakMb)} MB`,
      pass: load.peakMb <= LOAD_PEAK_MB,
    },
  ]
}

interface LatencyRow {
  name: string
  target: number
  samples: number[]
  sqlMs: number[]
  note?: string
}

export async function benchPostgresStore(options: PostgresBenchOptions): Promise<void> {
  const started = new Date()
  const loadBefore = loadavg()[0] as number
  const file = ensureLargeDataset(options.root, options.workDir, options.locations, options.episodes)
  const cluster: PostgresCluster = await startPostgres()
  const servers: ServerProcess[] = []
  const redisDir = mkdtempSync(join(tmpdir(), 'catalogue-bench-redis-'))
  let redis: ChildProcess | null = null
  try {
    const url = await cluster.createDatabase('catalogue')
    const env = { ...process.env, CATALOGUE_DATABASE_URL: url }
    const loaderArgs = ['--max-semi-space-size=4', '--import', 'tsx', 'server/postgres/load-main.ts']
    console.log(`db:load of ${file} …`)
    const load = await measuredRun([...loaderArgs, file], env, options.root)
    console.log(load.output)

    // The service on the database, and on the shipped file: start to first answer, in the same run.
    const headers = authorization(options.apiKey)
    const start = async (name: string, extra: Record<string, string>) => {
      const began = performance.now()
      // The store comes from `extra` alone: a file or a database, never one inherited from this shell.
      const { CATALOGUE_DATA: _file, CATALOGUE_DATABASE_URL: _database, ...inherited } = process.env
      const server = await startServer({
        name,
        script: 'server/main.ts',
        nodeArgs: serveNodeArgs(options.root),
        cwd: options.root,
        env: {
          ...inherited,
          CATALOGUE_API_KEYS: options.apiKey,
          CATALOGUE_RATE_LIMIT: '0',
          CATALOGUE_PUBLIC_URL: '',
          ...extra,
        },
        stdoutFile: join(options.workDir, `postgres-bench-${name}.log`),
        readyPath: '/v1/locations',
        readyHeaders: headers,
      })
      servers.push(server)
      return { server, startSeconds: (performance.now() - began) / 1000 }
    }
    if (options.only === 'attacks') {
      const attacks = await benchPostgresAttacks({
        root: options.root,
        workDir: options.workDir,
        url,
        cluster,
        memoryBudgetMb: MEMORY_BUDGET_MB,
      })
      console.log(`\n${targetTable(attacks)}\n`)
      return
    }
    const onFile = await start('file', { CATALOGUE_DATA: DEFAULT_DATASET_PATH })
    const onDatabase = await start('postgres', { CATALOGUE_DATABASE_URL: url })
    const service = onDatabase.server

    const client = new pg.Client(connectionOptions(url, 'catalogue-bench'))
    await client.connect()
    const [{ generation, records }] = (
      await client.query<{ generation: number; records: number }>(
        "SELECT s.generation::integer AS generation, c.records FROM catalogue.state s JOIN catalogue.collection_counts c ON c.generation = s.generation AND c.collection = 'locations'",
      )
    ).rows as [{ generation: number; records: number }]
    const table = `catalogue.locations_g${generation}`
    const askViews = async () => {
      const facetValues = (
        await client.query<{ facet: 'type' | 'dimension'; value: string; count: number }>(
          `SELECT 'type' AS facet, type AS value, count(*)::integer AS count FROM ${table} GROUP BY type
           UNION ALL SELECT 'dimension', dimension, count(*)::integer FROM ${table} GROUP BY dimension`,
        )
      ).rows
      return postgresViewRows(service.origin, options.apiKey, records, options.samples, facetValues)
    }
    if (options.only === 'search') {
      const searchRows = await postgresSearchRows(service.origin, options.apiKey, file)
      const rows = [...loadRows(load), ...searchRows]
      const sizes = `${records.toLocaleString('en')} locations; each query asked once, uncached, one request at a time over HTTP.`
      publishRun(
        'postgres-search',
        stampNow(options.command, started, loadBefore, currentCommit(options.root)),
        sizes,
        targetTable(rows),
      )
      await client.end()
      return
    }
    if (options.only === 'characters') {
      const ids = async (text: string) =>
        (await client.query<{ id: number }>(text)).rows.map((row) => Number(row.id))
      const characterRowsMeasured = await characterRows(
        service.origin,
        options.apiKey,
        {
          characters: await ids(`SELECT id FROM catalogue.characters_g${generation} ORDER BY id`),
          locations: await ids(`SELECT id FROM ${table} WHERE position % 997 = 0 ORDER BY id`),
          seasons: await ids(
            `SELECT season AS id FROM catalogue.characters_g${generation}_seasons ORDER BY 1`,
          ),
        },
        { character: 50, list: 200, related: 50, insights: 200 },
        'PostgreSQL',
      )
      const rows = [...loadRows(load), ...characterRowsMeasured]
      const sizes = `${records.toLocaleString('en')} locations; each request asked once under a Host of its own (uncached), one at a time over HTTP.`
      publishRun(
        'postgres-characters',
        stampNow(options.command, started, loadBefore, currentCommit(options.root)),
        sizes,
        targetTable(rows),
      )
      await client.end()
      return
    }
    if (options.only === 'views') {
      console.log(`\n${targetTable(postgresViewTargets(await askViews()))}\n`)
      await client.end()
      return
    }
    const countOf = async (value: string) =>
      Number(
        (
          await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE name_folded LIKE $1`, [
            `%${value}%`,
          ])
        ).rows[0]?.n,
      )
    // Filter values: the words of some names, their pieces, and numbers, sorted into selective and broad.
    const names = (
      await client.query<{ name: string }>(`SELECT name FROM ${table} WHERE position % 9973 = 0`)
    ).rows
    const words = [...new Set(names.flatMap(({ name }) => name.toLowerCase().split(/[^\p{L}]+/u)))].filter(
      (word) => word.length >= 4,
    )
    const broad: string[] = []
    for (const word of words) {
      for (let from = 0; from + 3 <= word.length && broad.length < options.samples * 2; from++) {
        const piece = word.slice(from, from + 3)
        if (!broad.includes(piece) && (await countOf(piece)) >= 50_000) broad.push(piece)
      }
    }
    const selective: string[] = []
    for (let n = 0; selective.length < options.samples; n++) {
      const value = String(100_000 + ((n * 7919) % 900_000)).slice(0, 5)
      if (!selective.includes(value) && (await countOf(value)) <= 1_000) selective.push(value)
    }
    const letters = 'abcdefghijklmnoprstuvwyz'
    const short = Array.from({ length: options.samples }, (_, n) =>
      n < letters.length
        ? (letters[n] as string)
        : `${letters[n % letters.length]}${letters[(n * 7) % letters.length]}`,
    )
    const host = (n: number) => ({ ...headers, host: `bench-${n}.postgres.test` })
    let hostNumber = 0
    const timed = async (path: string, extra = headers) => {
      const began = performance.now()
      const answer = await getOnce(service.origin, path, extra)
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`)
      return performance.now() - began
    }
    const sqlOf = (call: (source: PostgresCollection) => Promise<unknown>) =>
      capturedSql(generation, records, call)
    const pages = Math.ceil(records / 20)
    const filter = (value: string): FoldedFilter[] => [{ field: 'name', foldedValue: value }]
    const rows: LatencyRow[] = []
    const row = async (
      name: string,
      target: number,
      values: readonly string[],
      ask: (value: string) => Promise<number>,
      sql: (value: string) => Promise<{ text: string; values: unknown[] }>,
    ) => {
      const samples: number[] = []
      for (const value of values.slice(0, options.samples)) samples.push(await ask(value))
      const sqlMs: number[] = []
      for (const value of values.slice(0, Math.min(10, options.samples)))
        sqlMs.push(await explainMs(client, await sql(value)))
      rows.push({ name, target, samples, sqlMs })
      console.log(
        `${name}: p50 ${ms(median(samples))}, p99 ${ms(percentile(samples, 99))}; SQL ${ms(median(sqlMs))}`,
      )
    }
    const ids = Array.from({ length: options.samples }, (_, n) => String(1 + ((n * 104_729) % records)))
    const counter = Array.from({ length: options.samples }, (_, n) => String(n))
    await row(
      'page 1, uncached',
      5,
      counter,
      () => timed('/v1/locations', host(++hostNumber)),
      () => sqlOf((source) => source.slice(0, 20)),
    )
    await row(
      `the Last page (${pages.toLocaleString('en')}), uncached`,
      5,
      counter,
      () => timed(`/v1/locations?page=${pages}`, host(++hostNumber)),
      () => sqlOf((source) => source.slice((pages - 1) * 20, pages * 20)),
    )
    await row(
      'a record by id, uncached',
      5,
      ids,
      (id) => timed(`/v1/locations/${id}`),
      (id) => sqlOf((source) => source.withIds([Number(id)])),
    )
    await row(
      'a never-seen selective filter (≤ 1,000 matches)',
      50,
      selective,
      (value) => timed(`/v1/locations?name=${value}`),
      (value) => sqlOf((source) => source.match(filter(value), 0, 20)),
    )
    await row(
      'a never-seen broad filter (50,000+ matches), first page',
      200,
      broad,
      (value) => timed(`/v1/locations?name=${value}`),
      (value) => sqlOf((source) => source.match(filter(value), 0, 20)),
    )
    await row(
      'a never-seen filter of 1–2 characters',
      500,
      short,
      (value) => timed(`/v1/locations?name=${value}`),
      (value) => sqlOf((source) => source.match(filter(value), 0, 20)),
    )
    // The store itself, for the positions of a filter (the SQL of page 2,000).
    const database = new Database(url, 60_000, 1)
    const direct = new PostgresCollection(database, locations, generation, records)
    const later = broad.slice(options.samples)
    await row(
      'page 2,000 of a broad filter after its first page',
      20,
      later.length > 0 ? later : broad,
      async (value) => {
        await timed(`/v1/locations?name=${value}`)
        return timed(`/v1/locations?name=${value}&page=2000`)
      },
      async (value) => {
        const { positions } = await direct.match(filter(value), 0, 20)
        return sqlOf((source) => source.atPositions(positions.subarray(39_980, 40_000)))
      },
    )
    await database.close()
    // Views answered in SQL (contract §12), one request at a time, each under a Host of its own.
    const viewRows = await askViews()
    const searchRows = await postgresSearchRows(service.origin, options.apiKey, file)
    const memoryAfter = {
      postgres: memoryOf(service.child.pid as number),
      file: memoryOf(onFile.server.child.pid as number),
    }

    // Two replicas on the database and one Redis, 200 requests a second between them, while db:load runs again.
    const redisPort = await freePort()
    redis = await launchRedis(redisPort, redisDir)
    const metricsPorts = [await freePort(), await freePort()]
    const replicas = await Promise.all(
      metricsPorts.map(
        async (port, n) =>
          (
            await start(`replica-${n + 1}`, {
              CATALOGUE_DATABASE_URL: url,
              CATALOGUE_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
              CATALOGUE_RATE_LIMIT: '1000000',
              METRICS_PORT: String(port),
            })
          ).server,
      ),
    )
    const versionOf = async (port: number) =>
      Number(
        /^catalogue_version (\d+)$/m.exec(
          await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
        )?.[1],
      )
    const before = await versionOf(metricsPorts[0] as number)
    const listener = new pg.Client(connectionOptions(url, 'catalogue-bench'))
    await listener.connect()
    let switchedAt = 0
    listener.on('notification', () => {
      switchedAt = performance.now()
    })
    await listener.query(`LISTEN ${CHANNEL}`)
    const traffic = sendSteadily(200, (n) => ({
      url: `${(replicas[n % 2] as ServerProcess).origin}/v1/locations/${1 + ((n * 7_919) % records)}`,
      headers,
    }))
    const servedAt: number[] = []
    const watch = Promise.all(
      metricsPorts.map(async (port) => {
        while ((await versionOf(port)) === before) await new Promise((resolve) => setTimeout(resolve, 20))
        servedAt.push(performance.now())
      }),
    )
    const reload = await measuredRun([...loaderArgs, file], env, options.root)
    await watch
    const { sent, failed } = await traffic.stop()
    await listener.end()
    await client.end()
    const lag = Math.max(...servedAt) - switchedAt

    // Last: one of them stops and starts the database.
    const attacks = await benchPostgresAttacks({
      root: options.root,
      workDir: options.workDir,
      url,
      cluster,
      memoryBudgetMb: MEMORY_BUDGET_MB,
    })

    const pass = (value: number, target: number) => value <= target
    const lead = targetTable([
      ...loadRows(load),
      {
        target: 'start to first answer ≤ the shipped file’s + 0.5 s',
        measured: `${onDatabase.startSeconds.toFixed(2)} s (file: ${onFile.startSeconds.toFixed(2)} s)`,
        pass: pass(onDatabase.startSeconds, onFile.startSeconds + 0.5),
      },
      {
        target: 'service peak RSS after the requests ≤ the shipped file’s + 50 MB',
        measured: `${Math.round(memoryAfter.postgres.peakMb)} MB (file: ${Math.round(memoryAfter.file.peakMb)} MB)`,
        pass: pass(memoryAfter.postgres.peakMb, memoryAfter.file.peakMb + 50),
      },
      ...rows.map((each) => ({
        target: `${each.name}: p99 ≤ ${each.target} ms`,
        measured: `p99 ${ms(percentile(each.samples, 99))}, p50 ${ms(median(each.samples))}; its SQL ${ms(median(each.sqlMs))} (EXPLAIN ANALYZE)`,
        pass: pass(percentile(each.samples, 99), each.target),
      })),
      ...postgresViewTargets(viewRows),
      ...searchRows,
      {
        target: 'two replicas, db:load while they serve 200 requests/s: zero failed requests',
        measured: `${failed} failed of ${sent}`,
        pass: failed === 0,
      },
      {
        target: 'both replicas serve the new version within 1 s of the switch',
        measured: `${Math.round(lag)} ms (the reload took ${reload.seconds.toFixed(1)} s)`,
        pass: lag <= 1_000,
      },
      ...attacks,
    ])
    const sizes = `${records.toLocaleString('en')} locations; ${options.samples} samples a row, one request at a time; each row’s SQL timed by EXPLAIN ANALYZE for 10 of the same values.`
    publishRun(
      'postgres',
      stampNow(options.command, started, loadBefore, currentCommit(options.root)),
      sizes,
      lead,
    )
  } finally {
    for (const server of servers) await stopServer(server)
    redis?.kill('SIGKILL')
    rmSync(redisDir, { recursive: true, force: true })
    cluster.remove()
  }
}
