import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router-dom'
import { ConnectionProvider } from './connection/ConnectionProvider'
import type { ConnectionStore } from './connection/connection-store'
import type { createAppRouter } from './router'

type Props = {
  queryClient: QueryClient
  connections: ConnectionStore
  router: ReturnType<typeof createAppRouter>
}

/** Providers, outermost first: query cache, connection, the data router (whose loaders read both). */
export function App({ queryClient, connections, router }: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionProvider store={connections}>
        <RouterProvider router={router} />
      </ConnectionProvider>
    </QueryClientProvider>
  )
}
