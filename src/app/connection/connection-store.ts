import type { QueryClient } from '@tanstack/react-query'
import { type CatalogueClient, type Connection, createClient } from '../../api/client'
import { type ConnectionStore, effectiveConnection } from '../../api/connection-in-use'
import type { ExplorerConfig } from '../../catalogue'
import { withIndexFallback } from '../../catalogue-index/client/offline-client'
import { markConnectionChosen } from './chosen-connection-cookie'
import { loadConnection, saveConnection } from './storage'

/** The browser's connection store (see ConnectionStore): what was saved in this browser, and the config. */

export function createConnectionStore(
  config: Promise<ExplorerConfig>,
  queryClient: QueryClient,
): ConnectionStore {
  let saved = loadConnection()
  markConnectionChosen(saved)
  let cached: { baseUrl: string; apiKey: string; client: CatalogueClient } | null = null
  const listeners = new Set<() => void>()
  let demoKey: string | null | undefined
  config.then(
    (read) => {
      demoKey = read.demoKey
    },
    () => undefined,
  )

  function clientFor(connection: Connection | null): CatalogueClient | null {
    if (!connection) return null
    if (cached?.baseUrl !== connection.baseUrl || cached.apiKey !== connection.apiKey) {
      // When the service cannot be reached, the connection's catalogue index answers instead.
      cached = { ...connection, client: withIndexFallback(createClient(connection), connection) }
    }
    return cached.client
  }

  return {
    config,
    saved: () => saved,
    inUse: () => (demoKey === undefined ? undefined : effectiveConnection(saved, demoKey)),
    async client() {
      const { demoKey } = await config
      return clientFor(effectiveConnection(saved, demoKey))
    },
    clientFor,
    save(next) {
      const previous = saved
      saveConnection(next)
      saved = next.apiKey === '' ? null : next
      markConnectionChosen(saved)
      const current = saved
      // The index of a connection changed or forgotten goes with it, the demo key's too (it is in use when
      // nothing is saved).
      void config
        .then(async ({ demoKey }) => {
          const before = effectiveConnection(previous, demoKey)
          const after = effectiveConnection(current, demoKey)
          if (!before || (before.baseUrl === after?.baseUrl && before.apiKey === after.apiKey)) return
          const { dropIndexOf } = await import('../../catalogue-index/client/index-client')
          await dropIndexOf(before)
        })
        .catch(() => {
          // Nothing to show: an old index the worker could not drop is left in this browser, unread by the new connection.
        })
      // Another service or key may see other records (or none): start from an empty cache.
      queryClient.removeQueries()
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
