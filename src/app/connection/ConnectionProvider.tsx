import { useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, use, useCallback, useContext, useMemo, useState } from 'react'
import { type Connection, createClient } from '../../api/client'
import { CatalogueClientContext } from '../../api/client-context'
import type { ExplorerConfig } from '../../catalogue'
import { effectiveConnection, loadConnection, saveConnection } from './storage'

type ConnectionState = {
  /** The connection in use, or null when a key must be entered first. */
  connection: Connection | null
  /** What the user saved in this browser, if anything. */
  saved: Connection | null
  demoKey: string | null
  save: (connection: Connection) => void
}

const ConnectionContext = createContext<ConnectionState | null>(null)

export function useConnection(): ConnectionState {
  const state = useContext(ConnectionContext)
  if (!state) throw new Error('useConnection needs a ConnectionProvider')
  return state
}

/** Holds the connection (saved settings, else the demo key from the run-time config) and the client for it. */
export function ConnectionProvider({
  config,
  children,
}: {
  config: Promise<ExplorerConfig>
  children: ReactNode
}) {
  const { demoKey } = use(config)
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState(() => loadConnection())
  const connection = useMemo(() => effectiveConnection(saved, demoKey), [saved, demoKey])
  const client = useMemo(() => (connection ? createClient(connection) : null), [connection])

  const save = useCallback(
    (next: Connection) => {
      saveConnection(next)
      setSaved(next.apiKey === '' ? null : next)
      // Another service or key may see other records (or none): start from an empty cache.
      queryClient.clear()
    },
    [queryClient],
  )

  const state = useMemo(() => ({ connection, saved, demoKey, save }), [connection, saved, demoKey, save])
  return (
    <ConnectionContext value={state}>
      <CatalogueClientContext value={client}>{children}</CatalogueClientContext>
    </ConnectionContext>
  )
}
