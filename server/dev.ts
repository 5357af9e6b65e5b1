/**
 * `npm run dev`: the catalogue API and the explorer app on one origin, with Vite serving the app's sources
 * (hot reload). API routes and /explorer-config.json come first; everything else goes to Vite.
 */
import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { buildApp } from './app'
import { runService, serviceOptions } from './start'

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url))

runService(async (context) => {
  let vite: ViteDevServer | undefined
  const app = await buildApp({
    ...serviceOptions(context),
    hosting: {
      middleware: (request, response, next) => (vite ? vite.middlewares(request, response, next) : next()),
    },
  })
  vite = await createServer({
    root: PROJECT_ROOT,
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'spa',
  })
  const devServer = vite
  return {
    app,
    explorer: (address) => `Explorer app with hot reload at ${address}/ (Vite in development mode).`,
    close: () => devServer.close(),
  }
})
