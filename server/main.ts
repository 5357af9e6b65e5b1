/**
 * `npm start` (after building the app) and `npm run serve`: the catalogue API at /v1 and the built explorer
 * at / on one origin, configured by the environment (contract section 8).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { FIRST_VIEW_ENTRY, loadFirstView } from './plugins/first-view'
import { runService, serviceOptions } from './start'

// React's production build renders the first views (its development build checks much more, several times
// slower), unless the environment asks for another.
process.env.NODE_ENV ??= 'production'

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url))
const FIRST_VIEW_FILE = fileURLToPath(new URL(`../${FIRST_VIEW_ENTRY}`, import.meta.url))

runService(async (context) => {
  const hasApp = existsSync(`${DIST_DIR}/index.html`)
  const firstView = hasApp && context.config.firstView ? await loadFirstView(FIRST_VIEW_FILE) : null
  const app = await buildApp({
    ...serviceOptions(context),
    hosting: hasApp ? { staticDir: DIST_DIR, firstView: firstView?.render ?? null } : null,
  })
  return {
    app,
    // Ends the render thread: renders still running fail, and their navigations get the app's index.html.
    close: () => firstView?.close() ?? Promise.resolve(),
    explorer: (address) =>
      hasApp
        ? `Explorer app at ${address}/`
        : 'No built app in dist/ (run npm run build): serving the API only.',
  }
})
