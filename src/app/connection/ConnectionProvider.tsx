import { useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, use, useCallback, useContext, useMemo, useState } from 'react'
import type { Connection } from '../../api/client'
import type { ExplorerConfig } from '../../catalogue'
import { effectiveConnection, loadConnection, saveConnection } from './storage'

type ConnectionStore = {
  /** The run-time config, still on its way at first: pages that need it suspend until it arrives. */
  config: Promise<ExplorerConfig>
  saved: Connection | null
  save: (connection: Connection) => void
}

const ConnectionContext = createContext<ConnectionStore | null>(null)

/** Holds the connection the user saved, and the run-time config (demo key) for when there is none. */
export function ConnectionProvider({
  config,
  children,
}: {
  config: Promise<ExplorerConfig>
  children: ReactNode
}) {
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState(() => loadConnection())
  const save = useCallback(
    (next: Connection) => {
      saveConnection(next)
      setSaved((previous) => {
        if (previous && (previous.baseUrl !== next.baseUrl || previous.apiKey !== next.apiKey)) {
          // The index of a connection changed or forgotten goes with it.
          void import('../../catalogue-index/index-client').then(({ indexWorker, plainConnection }) =>
            indexWorker().drop(plainConnection(previous)),
          )
        }
        return next.apiKey === '' ? null : next
      })
      // Another service or key may see other records (or none): start from an empty cache.
      queryClient.clear()
    },
    [queryClient],
  )
  const store = useMemo(() => ({ config, saved, save }), [config, saved, save])
  return <ConnectionContext value={store}>{children}</ConnectionContext>
}

/**
 * The connection in use (the saved one, else this site's service with its demo key, else null), what was
 * saved, the demo key, and `save`. Suspends until the run-time config has been read.
 */
export function useConnection() {
  const store = useContext(ConnectionContext)
  if (!store) throw new Error('useConnection needs a ConnectionProvider')
  const { demoKey } = use(store.config)
  const connection = useMemo(() => effectiveConnection(store.saved, demoKey), [store.saved, demoKey])
  return { connection, saved: store.saved, demoKey, save: store.save }
}
