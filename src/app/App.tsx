import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { BrowserRouter } from 'react-router-dom'
import type { ExplorerConfig } from '../catalogue'
import { AppRoutes } from './AppRoutes'
import { ConnectionProvider } from './connection/ConnectionProvider'
import { createQueryClient } from './query-client'

/** Providers, outermost first: query cache, run-time config (suspends until read), connection, routes. */
export function App({ config }: { config: Promise<ExplorerConfig> }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p className="app-loading">Loading…</p>}>
        <ConnectionProvider config={config}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ConnectionProvider>
      </Suspense>
    </QueryClientProvider>
  )
}
