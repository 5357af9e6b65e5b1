/**
 * Starts the catalogue service with the explorer app from the environment (contract section 8):
 * `npm start` builds the app, then runs this. Bad configuration or a bad dataset: one message, exit 1.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { ConfigError, readConfig } from './config'
import { DatasetError } from './dataset/load'
import { loadStore } from './dataset/store'
import { batchedSink } from './http/request-log'

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url))

async function main(): Promise<void> {
  const config = readConfig()
  const store = loadStore(config.dataPath)
  const log = batchedSink(process.stdout)
  const hasApp = existsSync(`${DIST_DIR}/index.html`)
  const app = await buildApp({
    store,
    apiKeys: config.apiKeys,
    rateLimit: config.rateLimit,
    publicUrl: config.publicUrl,
    hosting: hasApp ? { staticDir: DIST_DIR } : null,
    log,
  })
  const address = await app.listen({ port: config.port, host: config.host })

  console.log(
    `Catalogue service on ${address}: ${store.locations.records.length} locations and ${store.episodes.records.length} episodes from ${config.dataPath}.`,
  )
  console.log(
    config.apiKeys.length === 0
      ? 'Demo mode: CATALOGUE_API_KEYS is not set, so the only accepted key is the public demo key (see README).'
      : `Accepting ${config.apiKeys.length} configured key${config.apiKeys.length === 1 ? '' : 's'}.`,
  )
  console.log(
    config.rateLimit === 0
      ? 'Rate limiting is off.'
      : `Rate limit: ${config.rateLimit} requests a second per key, bursts of up to ${config.rateLimit * 4}.`,
  )
  console.log(
    hasApp
      ? `Explorer app at ${address}/`
      : 'No built app in dist/ (run npm run build): serving the API only.',
  )

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: no longer accepting connections; finishing requests in flight.`)
    app.close().then(
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatasetError) console.error(error.message)
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `Cannot start: the address is already in use (${(error as Error).message}). Set PORT to another port.`,
    )
  } else console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
