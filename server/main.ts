/**
 * `npm start` (after building the app) and `npm run serve`: the catalogue API at /v1 and the built explorer
 * at / on one origin, configured by the environment (contract section 8).
 */
// First: on a Node older than package.json's `engines`, one sentence and exit 1, before anything else runs.
import './require-node'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { loadBuiltExplorer } from './built-explorer'
import { FIRST_VIEW_ENTRY } from './plugins/first-view/first-view'
import { runService, serviceOptions } from './start'

// React's production build renders the first views (its development build checks much more, several times
// slower), unless the environment asks for another.
process.env.NODE_ENV ??= 'production'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url))
const FIRST_VIEW_FILE = fileURLToPath(new URL(`../${FIRST_VIEW_ENTRY}`, import.meta.url))

runService(async (context) => {
  const explorer = await loadBuiltExplorer(DIST_DIR, FIRST_VIEW_FILE, context.config.firstView, ROOT)
  const app = await buildApp({ ...serviceOptions(context), hosting: explorer.hosting })
  return {
    app,
    warnings: explorer.warnings,
    explorer: (address) =>
      explorer.hosting
        ? `Explorer app at ${address}/`
        : 'No built app in dist/ (run npm run build): serving the API only.',
    // Ends the render thread: renders still running fail, and their navigations get the app's index.html.
    close: () => explorer.close(),
  }
})
