import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { RouterProvider } from 'react-router-dom'
import { ConnectionContext, type ConnectionStore } from '../api/connection-in-use'
import { HeaderSearchContext } from '../components/layout/header-search'
import { PageShownContext } from '../components/layout/page-shown'
import type { createAppRouter } from './router'
import { SearchLauncher } from './search/SearchLauncher'

type Props = {
  queryClient: QueryClient
  connections: ConnectionStore
  router: ReturnType<typeof createAppRouter>
  /**
   * Called once the page in `main` is on the page (for a hydrated first view: once that page, not only the
   * header, has become the app: `PageShown`).
   */
  onMounted?: () => void
}

/**
 * Providers, outermost first: query cache, connection, the header's search; then the data router (whose
 * loaders read the first two). Shared by the browser's entry and the service's render (src/entry-server.tsx).
 */
export function AppProviders({
  queryClient,
  connections,
  children,
}: Omit<Props, 'router'> & { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionContext value={connections}>
        <HeaderSearchContext value={SearchLauncher}>{children}</HeaderSearchContext>
      </ConnectionContext>
    </QueryClientProvider>
  )
}

export function App({ queryClient, connections, router, onMounted }: Props) {
  return (
    <AppProviders queryClient={queryClient} connections={connections}>
      <PageShownContext value={onMounted ?? null}>
        <RouterProvider router={router} />
      </PageShownContext>
    </AppProviders>
  )
}
