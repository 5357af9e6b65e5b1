/**
 * Two replicas sharing their rate limit through one Redis against one replica with in-process buckets, in the
 * same run (part of `npm run bench:service`; alone: `npm run bench:service -- --datasets none`).
 * Skip it with `--no-replicas`.
 *
 * Rate limiting is on in both (at a rate no run reaches, so nothing is refused): the cost measured is one
 * Redis script call per request. The single replica gets all `connections`; the pair gets half each, driven at
 * the same time, so both setups carry the same offered load. Rounds alternate between the two.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, launchRedis } from '../server/test/redis-process'
import { drive, type LoadResult } from './load'
import { type ServerProcess, serveNodeArgs, startServer, stopServer } from './processes'
import { median } from './report'
import { authorization } from './servers'

export interface ReplicaRow {
  setup: string
  requestsPerSecond: number[]
  p99: number[]
  /** Times a replica fell back to in-process buckets (Redis too slow): the run then did not measure Redis. */
  fallbacks: number
}

export interface ReplicaSettings {
  root: string
  workDir: string
  apiKey: string
  datasetPath: string
  path: string
  connections: number
  duration: number
  warmup: number
  rounds: number
}

const UNREACHED_RATE = '1000000'
/**
 * The replicas wait up to a second for Redis here (50 ms in production): on a loaded benchmark machine a call
 * can take longer, and a replica standing in with in-process buckets would not measure Redis at all.
 */
const PATIENT_MS = '1000'

async function startRedis(): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-bench-redis-'))
  const port = await freePort()
  return { url: `redis://127.0.0.1:${port}`, child: await launchRedis(port, dir), dir }
}

export function replicaMedians(row: ReplicaRow): { requestsPerSecond: number; p99: number } {
  return { requestsPerSecond: median(row.requestsPerSecond), p99: median(row.p99) }
}

export async function benchReplicas(settings: ReplicaSettings): Promise<ReplicaRow[]> {
  const redis = await startRedis()
  const headers = authorization(settings.apiKey)
  const start = (name: string, extra: Record<string, string>) =>
    startServer({
      name,
      script: 'server/main.ts',
      nodeArgs: serveNodeArgs(settings.root),
      cwd: settings.root,
      env: {
        ...process.env,
        CATALOGUE_API_KEYS: settings.apiKey,
        CATALOGUE_DATA: settings.datasetPath,
        CATALOGUE_RATE_LIMIT: UNREACHED_RATE,
        CATALOGUE_PUBLIC_URL: 'http://catalogue.bench',
        ...extra,
      },
      stdoutFile: join(settings.workDir, `${name}.log`),
      readyPath: settings.path,
      readyHeaders: headers,
    })
  const servers: ServerProcess[] = []
  try {
    const single = await start('single-replica', {})
    servers.push(single)
    const pair = [
      await start('replica-1', { CATALOGUE_REDIS_URL: redis.url, CATALOGUE_REDIS_TIMEOUT_MS: PATIENT_MS }),
      await start('replica-2', { CATALOGUE_REDIS_URL: redis.url, CATALOGUE_REDIS_TIMEOUT_MS: PATIENT_MS }),
    ]
    servers.push(...pair)
    const load = { connections: settings.connections, headers }
    const half = { connections: Math.max(1, Math.floor(settings.connections / 2)), headers }
    const runPair = (duration: number): Promise<LoadResult[]> =>
      Promise.all(pair.map((replica) => drive(replica.origin, [settings.path], { ...half, duration })))
    await drive(single.origin, [settings.path], { ...load, duration: settings.warmup })
    await runPair(settings.warmup)

    const alone: ReplicaRow = {
      setup: '1 replica, in-process rate limit',
      requestsPerSecond: [],
      p99: [],
      fallbacks: 0,
    }
    const shared: ReplicaRow = {
      setup: '2 replicas, rate limit shared through one Redis',
      requestsPerSecond: [],
      p99: [],
      fallbacks: 0,
    }
    for (let round = 0; round < settings.rounds; round++) {
      const order = round % 2 === 0 ? ['alone', 'shared'] : ['shared', 'alone']
      for (const which of order) {
        if (which === 'alone') {
          const result = await drive(single.origin, [settings.path], { ...load, duration: settings.duration })
          check(result, 'single replica')
          alone.requestsPerSecond.push(result.requestsPerSecond)
          alone.p99.push(result.p99)
        } else {
          const results = await runPair(settings.duration)
          for (const result of results) check(result, 'replica pair')
          shared.requestsPerSecond.push(results.reduce((sum, result) => sum + result.requestsPerSecond, 0))
          // The slower replica's p99: a conservative reading of the pair's.
          shared.p99.push(Math.max(...results.map((result) => result.p99)))
        }
      }
    }
    shared.fallbacks =
      pair
        .map((replica) => readFileSync(join(settings.workDir, `${replica.name}.log`), 'utf8'))
        .concat(pair.map((replica) => replica.stderr()))
        .join('\n')
        .split('Redis is not answering').length - 1
    return [alone, shared]
  } finally {
    for (const server of servers) await stopServer(server)
    redis.child.kill('SIGKILL')
    rmSync(redis.dir, { recursive: true, force: true })
  }
}

function check(result: LoadResult, what: string): void {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${what}: ${result.non2xx} non-2xx answers and ${result.errors} errors; the run is invalid.`,
    )
}
