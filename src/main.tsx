import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import { createConnectionStore } from './app/connection/connection-store'
import { loadExplorerConfig } from './app/connection/explorer-config'
import { afterHydration, readFirstView, routerForFirstView } from './app/first-view'
import { nextTask } from './app/next-task'
import { createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { FORMATTER_WARMERS } from './lib/format'
import { someRouteModuleFailed } from './lib/page/route-module'
import './styles/global.css'

type AppRouter = ReturnType<typeof createAppRouter>

// The router starts the first page's loader (its data request and its code) before the first render.
const queryClient = createQueryClient()
const config = loadExplorerConfig()
const connections = createConnectionStore(config, queryClient)
const firstView = readFirstView(connections.saved())

function started(router: AppRouter) {
  import('./app/after-first-page').then(
    ({ afterFirstPage }) => afterFirstPage(router, { queryClient, connections }),
    () => undefined, // without it, each page's code comes with its first visit, and nothing works offline
  )
}

const app = (router: AppRouter, onMounted?: () => void) => (
  <StrictMode>
    <App queryClient={queryClient} connections={connections} router={router} onMounted={onMounted} />
  </StrictMode>
)

if (firstView) {
  // The service rendered this page (its first view): the page becomes the app once its code and the config are
  // here, from the rendered answers, with no request.
  const view = firstView
  Promise.all([routerForFirstView({ queryClient, connections }, view), connections.client()]).then(
    async ([router, client]) => {
      started(router)
      const root = document.getElementById('root')
      if (!root) return
      // A frame, in a browser with no key for this site: the settings take its place (nothing to match). A page
      // whose code could not be loaded shows its failure where the HTML shows the page: rendered over, not hydrated.
      if (client === null || someRouteModuleFailed()) {
        createRoot(root).render(app(router))
        return
      }
      // The page's dates and counts need the reader's formatters, the first of each kind tens of milliseconds
      // (src/lib/format.ts): each is made in a task of its own, not in the middle of hydrating.
      for (const warm of FORMATTER_WARMERS) {
        await nextTask()
        warm()
      }
      await nextTask()
      // Once the page itself has hydrated (not only the header): a frame's data waits for it.
      let hydrated = false
      // In a transition React hydrates in slices of a few milliseconds and lets the browser work between them
      // (a click meanwhile hydrates the rest at once, then is handled); otherwise in one long task.
      startTransition(() => {
        hydrateRoot(
          root,
          app(router, () => {
            if (hydrated) return
            hydrated = true
            afterHydration(router, view)
          }),
        )
      })
    },
  )
} else {
  // No first view, or one left unread (another service is in use): the app renders over whatever is there.
  const router = createAppRouter({ queryClient, connections })
  started(router)
  // The loader waits for the config (preloaded by the HTML, so usually here already) before it asks for the
  // data. Rendering first put React's first render (tens of ms) between the two; the render waits for the
  // config instead, but never long, so that a slow config leaves the page's frame on screen.
  const RENDER_WAIT_MS = 50
  Promise.race([config, new Promise((resolve) => setTimeout(resolve, RENDER_WAIT_MS))]).then(() => {
    const root = document.getElementById('root')
    if (root) createRoot(root).render(app(router))
  })
}

// While the first page waits for the network: the first date and number formatters cost tens of milliseconds
// to make, which the rows' or a record's first render would otherwise pay (see src/lib/format.ts).
const whenIdle = window.requestIdleCallback ?? setTimeout
for (const warm of FORMATTER_WARMERS) whenIdle(warm)
