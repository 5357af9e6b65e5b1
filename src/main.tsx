import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { createConnectionStore } from './app/connection/connection-store'
import { loadExplorerConfig } from './app/connection/explorer-config'
import { createQueryClient } from './app/query-client'
import { registerServiceWorker } from './app/register-service-worker'
import { createAppRouter } from './app/router'
import { warmFormatters } from './lib/format'
import './styles/global.css'

// The router starts the first page's loader (its data request and its code) before the first render.
const queryClient = createQueryClient()
const connections = createConnectionStore(loadExplorerConfig(), queryClient)
const router = createAppRouter({ queryClient, connections })
// Its own small chunk, to keep the first page's JavaScript within its budget (src/bundle-budget.test.ts).
import('./app/prefetch-route-code').then(
  ({ prefetchRouteCodeWhenIdle }) => prefetchRouteCodeWhenIdle(router),
  () => undefined, // without it, each page's code comes with its first visit, as before
)

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} connections={connections} router={router} />
    </StrictMode>,
  )
}

registerServiceWorker()

// While the first page waits for the network: the first date and number formatters cost tens of milliseconds
// to make, which the rows' or a record's first render would otherwise pay (see src/lib/format.ts).
if ('requestIdleCallback' in window) requestIdleCallback(warmFormatters)
else setTimeout(warmFormatters, 0)
