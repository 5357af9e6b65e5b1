import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { createConnectionStore } from './app/connection/connection-store'
import { loadExplorerConfig } from './app/connection/explorer-config'
import { prefetchRouteCodeWhenIdle } from './app/prefetch-route-code'
import { createQueryClient } from './app/query-client'
import { registerServiceWorker } from './app/register-service-worker'
import { createAppRouter } from './app/router'
import './styles/global.css'

// The router starts the first page's loader (its data request and its code) before the first render.
const queryClient = createQueryClient()
const connections = createConnectionStore(loadExplorerConfig(), queryClient)
const router = createAppRouter({ queryClient, connections })
prefetchRouteCodeWhenIdle(router)

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} connections={connections} router={router} />
    </StrictMode>,
  )
}

registerServiceWorker()
