import type { IndexConnection, IndexMessage } from './protocol'
import type { SearchAnswer } from './search-answer'
import { buildCatalogueSearch, type CatalogueSearch, searchCatalogue } from './search-index'
import { completeCatalogue, connectionName } from './worker-data'

/**
 * The search index of the last catalogue searched, by its version: built on the first query after a change.
 * Between changes (the index broadcasts every one to its connection's channel) a query goes straight to it,
 * without reading the index's state from IndexedDB at every keystroke.
 */
let cached: {
  connection: string
  version: string
  search: Promise<CatalogueSearch>
  current: boolean
  channel: BroadcastChannel
} | null = null

const connectionKey = (connection: IndexConnection) => JSON.stringify([connection.baseUrl, connection.apiKey])

/** The catalogue searched from the complete index, or null while the index is incomplete. */
export async function searchIndex(connection: IndexConnection, query: string): Promise<SearchAnswer | null> {
  const key = connectionKey(connection)
  if (cached?.connection === key && cached.current) return searchCatalogue(await cached.search, query)
  // Marked before reading: a change broadcast meanwhile marks it out of date again.
  if (cached?.connection === key) cached.current = true
  const catalogue = await completeCatalogue(connection)
  if (!catalogue) {
    if (cached) cached.current = false
    return null
  }
  if (cached?.connection !== key || cached.version !== catalogue.version) {
    cached?.channel.close()
    const channel = new BroadcastChannel(await connectionName(connection))
    const records = catalogue.records
    const entry = {
      connection: key,
      version: catalogue.version,
      search: Promise.resolve().then(() => buildCatalogueSearch(records)),
      current: true,
      channel,
    }
    channel.onmessage = (event: MessageEvent<IndexMessage>) => {
      if (event.data.type === 'changed') entry.current = false
    }
    cached = entry
  }
  return searchCatalogue(await cached.search, query)
}
