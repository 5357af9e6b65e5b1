import type { FastifyInstance } from 'fastify'
import { type Config, ConfigError, readConfig } from './config'
import { DatasetError } from './dataset/load'
import { type CatalogueStore, loadStore } from './dataset/store'
import { TokenBucketLimiter } from './http/rate-limit'
import { batchedSink, type LogSink } from './http/request-log'

export type StartContext = { config: Config; store: CatalogueStore; log: LogSink }

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
  const store = loadStore(config.dataPath)
  const log = batchedSink(process.stdout)
  const started = await start({ config, store, log })
  const address = await started.app.listen({ port: config.port, host: config.host })
  for (const line of startLines(config, store, address)) console.log(line)
  console.log(started.explorer(address))

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: no longer accepting connections; finishing requests in flight.`)
    Promise.all([started.close?.(), started.app.close()]).then(
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
