// Test code only: pages rendered on what the app gives them (a query client, a connection, a router).
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom'
import { type Connection, createClient } from '../api/client'
import { ConnectionContext } from '../api/connection-in-use'
import type { ExplorerConfig } from '../catalogue'
import { fixedConnectionStore } from './connection/fixed-connection'
import { createQueryClient } from './query-client'

type Options = {
  /** The service the pages ask: this site's own in demo mode (`''`, key `k`) unless said otherwise. */
  connection?: Connection
  /** What the service's client fetches with: the global `fetch` unless said otherwise. */
  fetch?: typeof fetch
  /** What this site's service told the explorer: its demo key `k` unless said otherwise. */
  config?: ExplorerConfig
  /** The connection saved in this browser (chosen in Settings): none unless said otherwise. */
  saved?: Connection | null
}

/** Renders `routes` at `address` with a fresh query client and a fixed connection; returns the router. */
export function renderApp(routes: RouteObject[], address: string, options: Options = {}) {
  const connection = options.connection ?? { baseUrl: '', apiKey: 'k' }
  const client = createClient(connection, options.fetch)
  const store = {
    ...fixedConnectionStore(options.config ?? { demoKey: 'k' }, connection, client),
    saved: () => options.saved ?? null,
  }
  const router = createMemoryRouter(routes, { initialEntries: [address] })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectionContext value={store}>
        <RouterProvider router={router} />
      </ConnectionContext>
    </QueryClientProvider>,
  )
  return router
}
