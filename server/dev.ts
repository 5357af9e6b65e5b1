/**
 * `npm run dev`: the catalogue API and the explorer app on one origin, with Vite serving the app's sources
 * (hot reload). API routes and /explorer-config.json come first; everything else goes to Vite.
 */
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { buildApp } from './app'
import { ConfigError, readConfig } from './config'
import { DatasetError } from './dataset/load'
import { loadStore } from './dataset/store'
import { batchedSink } from './http/request-log'

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url))

async function main(): Promise<void> {
  const config = readConfig()
  const store = loadStore(config.dataPath)
  let vite: Awaited<ReturnType<typeof createServer>> | undefined
  const log = batchedSink(process.stdout)
  const app = await buildApp({
    store,
    apiKeys: config.apiKeys,
    rateLimit: config.rateLimit,
    publicUrl: config.publicUrl,
    hosting: {
      middleware: (request, response, next) => (vite ? vite.middlewares(request, response, next) : next()),
    },
    log,
  })
  vite = await createServer({
    root: PROJECT_ROOT,
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'spa',
  })
  const address = await app.listen({ port: config.port, host: config.host })
  console.log(`Development server on ${address}: the API at /v1, the explorer (hot reload) at /.`)
  if (config.apiKeys.length === 0) console.log('Demo mode: the app is told the public demo key (see README).')

  const stop = () => {
    Promise.all([vite?.close(), app.close()]).then(() => {
      log.flush()
      process.exit(0)
    })
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatasetError) console.error(error.message)
  else console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
