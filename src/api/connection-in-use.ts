import { createContext, use, useContext, useMemo, useSyncExternalStore } from 'react'
import type { ExplorerConfig } from '../catalogue'
import type { CatalogueClient, Connection } from './client'

/**
 * The connection in use, outside React: the route loaders read it before a page renders, the pages through
 * `useConnection`. One client per connection, so loaders and pages share it. Made by the app
 * (`createConnectionStore`; `fixedConnectionStore` for the service's render of a first view).
 */
export type ConnectionStore = {
  /** The run-time config, still on its way at first. */
  config: Promise<ExplorerConfig>
  /** What the user saved in this browser (null: nothing). */
  saved(): Connection | null
  /** The connection in use now (see `effectiveConnection`); undefined while the config is on its way. */
  inUse(): Connection | null | undefined
  /** The client for the connection in use, or null when there is none (no key saved, no demo key). */
  client(): Promise<CatalogueClient | null>
  clientFor(connection: Connection | null): CatalogueClient | null
  save(connection: Connection): void
  subscribe(listener: () => void): () => void
}

/**
 * The connection in use: the saved one; otherwise, in demo mode, this site's own service with the demo key
 * it handed out; otherwise none (the user must enter a key).
 */
export function effectiveConnection(saved: Connection | null, demoKey: string | null): Connection | null {
  if (saved && saved.apiKey !== '') return saved
  if (demoKey) return { baseUrl: '', apiKey: demoKey }
  return null
}

/** The one place the pages get the connection from: the store the route loaders read too. */
export const ConnectionContext = createContext<ConnectionStore | null>(null)

/**
 * The connection in use (the saved one, else this site's service with its demo key, else null), its client,
 * what was saved, the demo key, and `save`. Suspends until the run-time config has been read.
 */
export function useConnection() {
  const store = useContext(ConnectionContext)
  if (!store) throw new Error('useConnection needs a ConnectionContext with the connection store.')
  const config = use(store.config)
  const { demoKey } = config
  const saved = useSyncExternalStore(store.subscribe, store.saved, store.saved)
  const connection = useMemo(() => effectiveConnection(saved, demoKey), [saved, demoKey])
  const client = store.clientFor(connection)
  return { connection, client, saved, demoKey, config, save: store.save }
}

/** The client for the connection in use; the routes that fetch data have one (RequireConnection). */
export function useCatalogueClient(): CatalogueClient {
  const { client } = useConnection()
  if (!client) throw new Error('No catalogue connection: the routes that fetch data need one.')
  return client
}
