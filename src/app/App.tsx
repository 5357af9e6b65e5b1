import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router-dom'
import { HeaderSearchContext } from '../components/layout/header-search'
import { ConnectionProvider } from './connection/ConnectionProvider'
import type { ConnectionStore } from './connection/connection-store'
import type { createAppRouter } from './router'
import { SearchLauncher } from './search/SearchLauncher'

type Props = {
  queryClient: QueryClient
  connections: ConnectionStore
  router: ReturnType<typeof createAppRouter>
}

/** Providers, outermost first: query cache, connection, the header's search, the data router (whose loaders read both). */
export function App({ queryClient, connections, router }: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionProvider store={connections}>
        <HeaderSearchContext value={SearchLauncher}>
          <RouterProvider router={router} />
        </HeaderSearchContext>
      </ConnectionProvider>
    </QueryClientProvider>
  )
}
