import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { loadExplorerConfig } from './app/connection/explorer-config'
import { registerServiceWorker } from './app/register-service-worker'
import './styles/global.css'

// Started before the first render, in parallel with the first route's code.
const config = loadExplorerConfig()

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  )
}

registerServiceWorker()
