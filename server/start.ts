import type { FastifyInstance } from 'fastify'
import { type Config, ConfigError, DEMO_KEY, readConfig } from './config'
import { DatasetError } from './dataset/load'
import { type CatalogueStore, loadStore } from './dataset/store'
import { type KeyRateLimiter, TokenBucketLimiter } from './http/rate-limit'
import { batchedSink, type LogSink } from './http/request-log'
import { type OperationsConfig, readOperationsConfig, redactedRedisUrl } from './operations/config'
import { recordCounts } from './operations/live-catalogue'
import { ServiceMetrics } from './operations/metrics'
import { listenForMetrics } from './operations/metrics-server'
import { RedisRateLimiter } from './operations/redis-rate-limit'
import { reloadDataset } from './operations/reload'

export type StartContext = {
  config: Config
  operations: OperationsConfig
  store: CatalogueStore
  log: LogSink
  /** Where the service counts what it does, when METRICS_PORT is set. */
  metrics: ServiceMetrics | null
  /** The per-key buckets shared through Redis, when CATALOGUE_REDIS_URL is set (null: in-process). */
  limiter: KeyRateLimiter | null
}

export type Started = {
  app: FastifyInstance
  /** What serves the explorer, said once listening, such as "Explorer app at http://…/". */
  explorer: (address: string) => string
  /** Anything else to close on a signal (the development server's Vite). */
  close?: () => Promise<unknown>
}

/**
 * What `npm start` and `npm run dev` share: read the configuration and the dataset, listen, say what runs,
 * and on SIGTERM or SIGINT stop accepting, finish the requests in flight and exit 0. A start-up failure is
 * one message and exit status 1.
 */
export function runService(start: (context: StartContext) => Promise<Started>): void {
  serve(start).catch((error: unknown) => {
    console.error(startFailure(error))
    process.exit(1)
  })
}

async function serve(start: (context: StartContext) => Promise<Started>): Promise<void> {
  const config = readConfig()
  const operations = readOperationsConfig()
  const loadStarted = performance.now()
  const store = loadStore(config.dataPath)
  const metrics = operations.metricsPort === null ? null : new ServiceMetrics()
  metrics?.recordDataset(recordCounts(store), (performance.now() - loadStarted) / 1000)
  const log = batchedSink(process.stdout)
  const redis =
    operations.redisUrl !== null && config.rateLimit > 0
      ? new RedisRateLimiter({
          url: operations.redisUrl,
          timeout: operations.redisTimeout,
          rate: config.rateLimit,
          keys: config.apiKeys.length > 0 ? config.apiKeys : [DEMO_KEY],
          say: (line, level) => (level === 'warn' ? console.warn(line) : console.log(line)),
          onFallback: () => metrics?.rateLimitFallbacks.inc(),
        })
      : null
  if (redis && (await redis.connect()))
    console.log(`Rate limits are shared through Redis at ${redactedRedisUrl(operations.redisUrl as string)}.`)
  const started = await start({ config, operations, store, log, metrics, limiter: redis })
  const address = await started.app.listen({ port: config.port, host: config.host })
  const metricsListener =
    metrics && operations.metricsPort !== null
      ? await listenForMetrics(metrics.registry, operations.metricsPort, config.host)
      : null
  for (const line of startLines(config, store, address)) console.log(line)
  if (metricsListener) console.log(`Metrics at ${metricsListener.origin}/metrics.`)
  console.log(started.explorer(address))
  // npm passes on only SIGINT and SIGTERM, so the reload signal goes to this process id (docs/deploy.md).
  console.log(`Process id ${process.pid}: \`kill -HUP ${process.pid}\` reloads the dataset file.`)

  let reloading = false
  process.on('SIGHUP', () => {
    if (reloading) return
    reloading = true
    const result = reloadDataset(config.dataPath, started.app.catalogue, metrics)
    ;(result.ok ? console.log : console.error)(result.message)
    reloading = false
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: no longer accepting connections; finishing requests in flight.`)
    Promise.all([started.close?.(), started.app.close(), metricsListener?.close(), redis?.close()]).then(
      () => {
        log.flush()
        console.log('Stopped.')
        process.exit(0)
      },
      (error: unknown) => {
        log.flush()
        console.error(`Could not stop cleanly: ${String(error)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

function startLines(config: Config, store: CatalogueStore, address: string): string[] {
  const keys = config.apiKeys.length
  const burst = config.rateLimit * TokenBucketLimiter.BURST_FACTOR
  return [
    `Catalogue service on ${address}: ${holdings(store)} from ${config.dataPath}.`,
    keys === 0
      ? 'Demo mode: CATALOGUE_API_KEYS is not set, so the only accepted key is the public demo key (see README).'
      : `Accepting ${keys} configured key${keys === 1 ? '' : 's'}.`,
    config.rateLimit === 0
      ? 'Rate limiting is off.'
      : `Rate limit: ${config.rateLimit} requests a second per key, bursts of up to ${burst}.`,
  ]
}

/** "126 locations and 51 episodes". */
function holdings(store: CatalogueStore): string {
  const counts = store.collections.map(
    ({ records, collection }) => `${records.length} ${collection.labels.plural}`,
  )
  return counts.length > 1
    ? `${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}`
    : (counts[0] ?? 'nothing')
}

function startFailure(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DatasetError) return error.message
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return `Cannot start: the address is already in use (${(error as Error).message}). Set PORT to another port.`
  }
  return `Cannot start: ${error instanceof Error ? error.message : String(error)}`
}
