import { createContext, type ReactNode, use, useContext, useMemo, useSyncExternalStore } from 'react'
import type { ConnectionStore } from './connection-store'
import { effectiveConnection } from './storage'

const ConnectionContext = createContext<ConnectionStore | null>(null)

/** Hands the pages the connection store the route loaders read too. */
export function ConnectionProvider({ store, children }: { store: ConnectionStore; children: ReactNode }) {
  return <ConnectionContext value={store}>{children}</ConnectionContext>
}

/**
 * The connection in use (the saved one, else this site's service with its demo key, else null), its client,
 * what was saved, the demo key, and `save`. Suspends until the run-time config has been read.
 */
export function useConnection() {
  const store = useContext(ConnectionContext)
  if (!store) throw new Error('useConnection needs a ConnectionProvider')
  const { demoKey } = use(store.config)
  const saved = useSyncExternalStore(store.subscribe, store.saved, store.saved)
  const connection = useMemo(() => effectiveConnection(saved, demoKey), [saved, demoKey])
  const client = store.clientFor(connection)
  return { connection, client, saved, demoKey, save: store.save }
}
