/**
 * `npm start` (after building the app) and `npm run serve`: the catalogue API at /v1 and the built explorer
 * at / on one origin, configured by the environment (contract section 8).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { runService, serviceOptions } from './start'

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url))

runService(async (context) => {
  const hasApp = existsSync(`${DIST_DIR}/index.html`)
  const app = await buildApp({
    ...serviceOptions(context),
    hosting: hasApp ? { staticDir: DIST_DIR } : null,
  })
  return {
    app,
    explorer: (address) =>
      hasApp
        ? `Explorer app at ${address}/`
        : 'No built app in dist/ (run npm run build): serving the API only.',
  }
})
