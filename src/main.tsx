import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { createConnectionStore } from './app/connection/connection-store'
import { loadExplorerConfig } from './app/connection/explorer-config'
import { createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { FORMATTER_WARMERS } from './lib/format'
import './styles/global.css'

// The router starts the first page's loader (its data request and its code) before the first render.
const queryClient = createQueryClient()
const config = loadExplorerConfig()
const connections = createConnectionStore(config, queryClient)
const router = createAppRouter({ queryClient, connections })
import('./app/after-first-page').then(
  ({ afterFirstPage }) => afterFirstPage(router),
  () => undefined, // without it, each page's code comes with its first visit, and nothing works offline
)

function render() {
  const root = document.getElementById('root')
  if (!root) return
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} connections={connections} router={router} />
    </StrictMode>,
  )
}

// The loader waits for the config (preloaded by the HTML, so usually here already) before it asks for the data.
// Rendering first put React's first render (tens of ms) between the two; the render waits for the config
// instead, but never long, so that a slow config leaves the page's frame on screen.
const RENDER_WAIT_MS = 50
Promise.race([config, new Promise((resolve) => setTimeout(resolve, RENDER_WAIT_MS))]).then(render)

// While the first page waits for the network: the first date and number formatters cost tens of milliseconds
// to make, which the rows' or a record's first render would otherwise pay (see src/lib/format.ts).
const whenIdle = window.requestIdleCallback ?? setTimeout
for (const warm of FORMATTER_WARMERS) whenIdle(warm)
