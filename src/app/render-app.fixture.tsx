// Test code only: pages rendered on what the app gives them (a query client, a connection, a router).
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom'
import { vi } from 'vitest'
import { type Connection, createClient } from '../api/client'
import { ConnectionContext } from '../api/connection-in-use'
import type { ExplorerConfig, Location } from '../catalogue'
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

/** Location `id` of the fake service below. */
export const fakePlace = (id: number): Location => ({
  id,
  name: `Place ${id}`,
  type: 'Planet',
  dimension: 'C-137',
  residents: [],
  url: `http://catalogue.test/v1/locations/${id}`,
  created: '2017-11-10T12:42:04.162Z',
})

/**
 * A service of 45 locations (3 pages of 20) for the list's tests: `asked` holds every path requested; `name=refused`
 * is answered 400; a page held back (`hold(path)`) answers once its release in `held` is called.
 */
export function fakeLocationsService() {
  const asked: string[] = []
  const held = new Map<string, () => void>()
  const fetchFake = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://catalogue.test')
    const path = `${url.pathname}${url.search}`
    asked.push(path)
    if (url.searchParams.get('name') === 'refused')
      return Response.json({ error: 'The filter "name" is refused.' }, { status: 400 })
    const page = Number(url.searchParams.get('page') ?? '1')
    if (held.has(path)) await new Promise<void>((release) => held.set(path, release))
    const results = Array.from({ length: page < 3 ? 20 : 5 }, (_, index) =>
      fakePlace((page - 1) * 20 + index + 1),
    )
    return Response.json({ info: { count: 45, pages: 3, next: null, prev: null }, results })
  })
  return { asked, fetchFake, hold: (path: string) => held.set(path, () => undefined), held }
}
