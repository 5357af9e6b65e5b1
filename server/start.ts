import { isIP } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { describeHoldings } from '../src/catalogue'
import { LiveCatalogue } from './catalogue/live-catalogue'
import { type Config, ConfigError, DEMO_KEY, readConfig } from './config'
import { DatasetError } from './dataset/load'
import { loadStore } from './dataset/store'
import { type RateLimiter, REFUSED_KEY_BURST, REFUSED_KEY_RATE, TokenBucketLimiter } from './http/rate-limit'
import type { LogDestination, Logger } from './http/request-log'
import type { StreamLeases } from './http/stream-leases'
import { Lifecycle } from './lifecycle'
import { stdoutLog } from './log-output'
import { type OperationsConfig, readOperationsConfig, redactedRedisUrl } from './operations/config'
import { ServiceMetrics } from './operations/metrics'
import { listenForMetrics } from './operations/metrics-server'
import { RedisRateLimiter } from './operations/redis-rate-limit'
import { reloadDataset } from './operations/reload'
import { DatabaseStartError, PostgresCatalogue } from './postgres/catalogue'
import { readDatabaseConfig, redactedDatabaseUrl } from './postgres/config'
import { observeDatabase } from './postgres/metrics'

export type StartContext = {
  config: Config
  /** The catalogue served: the dataset file in memory, or the database's, kept current. */
  store: LiveCatalogue
  log: LogDestination
  lifecycle: Lifecycle
  operations: OperationsConfig
  /** Where the service counts what it does, when METRICS_PORT is set. */
  metrics: ServiceMetrics | null
  /** The key buckets shared through Redis, when CATALOGUE_REDIS_URL is set (null: in-process). */
  limiter: RateLimiter | null
  /** The refused-key buckets (per client address) shared through Redis, likewise. */
  refusedKeyLimiter: RateLimiter | null
  /** The streams' leases (one stream at a time per rate bucket) shared through Redis, likewise. */
  streamLeases: StreamLeases | null
}

/** The options of `buildApp` that follow from the configuration and the start-up context, for main and dev alike. */
export function serviceOptions(context: StartContext) {
  const { config, store, log, lifecycle, metrics, limiter, refusedKeyLimiter, streamLeases } = context
  return {
    store,
    apiKeys: config.apiKeys,
    rateLimit: config.rateLimit,
    renderRate: config.renderRate,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    maxConnections: config.maxConnections,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    views: config.views,
    lifecycle,
    metrics,
    limiter,
    refusedKeyLimiter,
    streamLeases,
    log,
  }
}

export type Started = {
  app: FastifyInstance
  /** What serves the explorer, said once listening, such as "Explorer app at http://…/". */
  explorer: (address: string) => string
  /** What an operator should know about the explorer (a part that is off), said before it as warnings. */
  warnings?: string[]
  /** Anything else to close on a signal (the development server's Vite). */
  close?: () => Promise<unknown>
}

/** After the drain delay, connections still open this long are closed and the process exits 0 (contract §10). */
export const SHUTDOWN_DEADLINE_MS = 10_000
/** Once stopped, the log's last lines may take this long (ms) to reach stdout, never past the deadline. */
const LOG_DRAIN_MS = 2_000

/**
 * What `npm start` and `npm run dev` share: read the configuration and the dataset, listen, say what runs,
 * and on SIGTERM or SIGINT drain (CATALOGUE_DRAIN_SECONDS), stop accepting, finish the requests in flight
 * within the shutdown deadline and exit 0. A start-up failure is one message and exit status 1.
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
  const databaseConfig = readDatabaseConfig()
  // Messages said before the app (and its log) exist wait for it (the database's, the limiter's).
  let serviceLog: Logger | null = null
  const loadStarted = performance.now()
  const database =
    databaseConfig === null
      ? null
      : await PostgresCatalogue.open(databaseConfig, { say: (line, level) => serviceLog?.[level](line) })
  const store = database?.live ?? new LiveCatalogue(loadStore(config.dataPath, config.dataMaxBytes))
  const source = databaseConfig === null ? config.dataPath : redactedDatabaseUrl(databaseConfig.url)
  const metrics = operations.metricsPort === null ? null : new ServiceMetrics()
  metrics?.recordDataset(store.counts, (performance.now() - loadStarted) / 1000)
  if (metrics && database) observeDatabase(metrics, database)
  const output = stdoutLog(config.logFormat)
  const lifecycle = new Lifecycle()
  const redis =
    operations.redisUrl !== null && config.rateLimit > 0
      ? new RedisRateLimiter({
          url: operations.redisUrl,
          timeout: operations.redisTimeout,
          rate: config.rateLimit,
          keys: config.apiKeys.length > 0 ? config.apiKeys : [DEMO_KEY],
          say: (line, level) => serviceLog?.[level](line),
          onFallback: () => metrics?.rateLimitFallbacks.inc(),
        })
      : null
  const started = await start({
    config,
    store,
    log: output.destination,
    lifecycle,
    operations,
    metrics,
    limiter: redis,
    refusedKeyLimiter: redis?.withRate(REFUSED_KEY_RATE, REFUSED_KEY_BURST) ?? null,
    streamLeases: redis?.streamLeases() ?? null,
  })
  const logger = started.app.log as Logger
  serviceLog = logger
  if (redis && operations.redisUrl !== null && (await redis.connect()))
    logger.info(`Rate limits are shared through Redis at ${redactedRedisUrl(operations.redisUrl)}.`)
  const address = await started.app.listen({ port: config.port, host: config.host })
  const metricsListener =
    metrics && operations.metricsPort !== null
      ? await listenForMetrics(metrics.registry, operations.metricsPort, config.host)
      : null
  for (const line of startLines(config, store, source, address)) logger.info(line)
  for (const line of startWarnings(config)) logger.warn(line)
  if (metricsListener) logger.info(`Metrics at ${metricsListener.origin}/metrics.`)
  for (const line of started.warnings ?? []) logger.warn(line)
  logger.info(started.explorer(address))
  // npm passes on only SIGINT and SIGTERM, so the reload signal goes to this process id (docs/deploy.md).
  logger.info(
    database === null
      ? `Process id ${process.pid}: \`kill -HUP ${process.pid}\` reloads the dataset file.`
      : `Process id ${process.pid}: a new catalogue is served once npm run db:load switches to it.`,
  )

  // One reload at a time: a second SIGHUP waits for the first to finish.
  let reloading: Promise<void> = Promise.resolve()
  process.on('SIGHUP', () => {
    if (database !== null) {
      logger.info(
        'SIGHUP reloads a dataset file; this service reads the database, whose catalogue changes with npm run db:load.',
      )
      return
    }
    reloading = reloading.then(async () => {
      const result = await reloadDataset(
        config.dataPath,
        started.app.catalogue,
        metrics,
        config.dataMaxBytes,
        config.views,
      )
      if (result.ok) logger.info(result.message)
      else logger.error(result.message)
    })
  })

  let stopping = false
  let deadline = Number.POSITIVE_INFINITY
  // The log may take what waits until the deadline; what stdout has not taken by then is dropped and counted
  // (stdoutLog listens for 'exit').
  const exit = (code: number) => {
    void output
      .drain(Math.max(0, Math.min(LOG_DRAIN_MS, deadline - performance.now())))
      .then(() => process.exit(code))
  }
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    lifecycle.draining = true
    if (config.drainSeconds > 0) {
      logger.info(`${signal}: draining for ${config.drainSeconds} s (readiness answers 503), still serving.`)
      await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000))
    }
    logger.info(
      `${signal}: no longer accepting connections; finishing requests in flight (at most ${SHUTDOWN_DEADLINE_MS / 1000} s).`,
    )
    deadline = performance.now() + SHUTDOWN_DEADLINE_MS
    setTimeout(() => {
      logger.warn('Shutdown deadline reached: closing the connections still open.')
      started.app.server.closeAllConnections()
      process.exit(0)
    }, SHUTDOWN_DEADLINE_MS).unref()
    Promise.all([started.close?.(), started.app.close(), metricsListener?.close(), redis?.close()])
      .then(() => database?.close())
      .then(
        () => {
          logger.info('Stopped.')
          exit(0)
        },
        (error: unknown) => {
          logger.error(`Could not stop cleanly: ${String(error)}`)
          exit(1)
        },
      )
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

function startLines(config: Config, store: LiveCatalogue, source: string, address: string): string[] {
  const keys = config.apiKeys.length
  const burst = config.rateLimit * TokenBucketLimiter.BURST_FACTOR
  const holdings = describeHoldings(
    store.current.collections.map((collection) => ({
      labels: collection.labels,
      count: store.counts[collection.name] ?? 0,
    })),
  )
  return [
    `Catalogue service on ${address}: ${holdings} from ${source}.`,
    keys === 0
      ? 'Demo mode: CATALOGUE_API_KEYS is not set, so the only accepted key is the public demo key (see README); its rate limit applies per client address.'
      : `Accepting ${keys} configured key${keys === 1 ? '' : 's'}.`,
    config.rateLimit === 0
      ? 'Rate limiting is off.'
      : `Rate limit: ${config.rateLimit} requests a second per key, bursts of up to ${burst}.`,
  ]
}

const LOOPBACK = new Set(['localhost', '::1'])
const isLoopback = (host: string) =>
  LOOPBACK.has(host) || (isIP(host) === 4 && host.startsWith('127.')) || host === '::ffff:127.0.0.1'

/** What an operator should know before putting this configuration in front of the public. */
export function startWarnings(config: Config): string[] {
  const warnings: string[] = []
  if (config.publicUrl === null) {
    warnings.push(
      'CATALOGUE_PUBLIC_URL is not set: the addresses in answers follow each request’s Host header. Set it in production.',
    )
  }
  if (config.trustProxy === null && !isLoopback(config.host)) {
    warnings.push(
      `Listening on ${config.host} without CATALOGUE_TRUST_PROXY: behind a proxy every client shares the proxy’s address, and with it the per-address limits (failed keys, demo key). Set CATALOGUE_TRUST_PROXY to the proxy’s address.`,
    )
  }
  return warnings
}

function startFailure(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DatasetError || error instanceof DatabaseStartError)
    return error.message
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return `Cannot start: the address is already in use (${(error as Error).message}). Set PORT to another port.`
  }
  return `Cannot start: ${error instanceof Error ? error.message : String(error)}`
}
