import type { CatalogueClient, Connection } from '../../api/client'
import type { ConnectionStore } from '../../api/connection-in-use'
import type { ExplorerConfig } from '../../catalogue'

/**
 * A promise React's `use` reads without suspending: already settled, and marked so (`status`, `value`), as
 * React marks the promises it has seen. A render to a string cannot wait for a promise.
 */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value })
}

/**
 * A connection store that never changes and touches no browser storage: the one the service's render of the
 * first view uses (src/entry-server.tsx), where the connection is the service itself with its demo key.
 */
export function fixedConnectionStore(
  config: ExplorerConfig,
  connection: Connection,
  client: CatalogueClient,
): ConnectionStore {
  return {
    config: settled(config),
    saved: () => null,
    inUse: () => connection,
    client: async () => client,
    clientFor: (wanted) =>
      wanted?.baseUrl === connection.baseUrl && wanted.apiKey === connection.apiKey ? client : null,
    save() {
      throw new Error('The first view rendered by the service saves no connection.')
    },
    subscribe: () => () => undefined,
  }
}
