import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import type { DataRouter } from 'react-router-dom'
import { ConnectionContext, type ConnectionStore } from '../api/connection-in-use'
import CatalogueChanged from '../components/layout/CatalogueChanged'

/**
 * Says, anywhere in the explorer, when the catalogue the page shows has been replaced on the service (contract
 * §13): a root of its own, started once the first page is under way, so that neither the first view the service
 * renders nor the first page's code holds it. "Show the new one" asks every answer again and runs the page's
 * loaders again.
 */
export function showCatalogueChanges(deps: {
  router: Pick<DataRouter, 'revalidate'>
  queryClient: QueryClient
  connections: ConnectionStore
}): void {
  const host = document.createElement('div')
  host.className = 'notices'
  document.body.append(host)
  const showNew = () => {
    void deps.queryClient.invalidateQueries()
    void deps.router.revalidate()
  }
  createRoot(host).render(
    <QueryClientProvider client={deps.queryClient}>
      <ConnectionContext value={deps.connections}>
        <CatalogueChanged onShowNew={showNew} />
      </ConnectionContext>
    </QueryClientProvider>,
  )
}
