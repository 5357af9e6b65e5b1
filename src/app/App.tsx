import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { BrowserRouter } from 'react-router-dom'
import type { ExplorerConfig } from '../catalogue'
import { AppRoutes } from './AppRoutes'
import { ConnectionProvider } from './connection/ConnectionProvider'
import { createQueryClient } from './query-client'

/**
 * Providers, outermost first: query cache, connection, routes. The header shows at once; the pages wait
 * (inside the layout's Suspense) for the run-time config and their own code.
 */
export function App({ config }: { config: Promise<ExplorerConfig> }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionProvider config={config}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ConnectionProvider>
    </QueryClientProvider>
  )
}
