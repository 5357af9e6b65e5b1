import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { RouterProvider } from 'react-router-dom'
import { ConnectionContext, type ConnectionStore } from '../api/connection-in-use'
import { HeaderSearchContext } from '../components/layout/header-search'
import type { createAppRouter } from './router'
import { SearchLauncher } from './search/SearchLauncher'

type Props = {
  queryClient: QueryClient
  connections: ConnectionStore
  router: ReturnType<typeof createAppRouter>
  /** Called once the app is on the page (for a hydrated first view: once the HTML has become the app). */
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
      <Mounted onMounted={onMounted}>
        <RouterProvider router={router} />
      </Mounted>
    </AppProviders>
  )
}

/**
 * Calls `onMounted` once its child is on the page. A wrapper, not a sibling: a sibling would change the ids
 * `useId` gives every component of the page, and a hydrated page's ids must be the service's.
 */
function Mounted({ onMounted, children }: { onMounted: (() => void) | undefined; children: ReactNode }) {
  useEffect(() => onMounted?.(), [onMounted])
  return children
}
