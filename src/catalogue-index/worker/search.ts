import type { SearchAnswer } from '../protocol/search'
import type { IndexConnection, IndexMessage } from '../protocol/worker-api'
import { connectionName, perVersion } from './data'
import { buildCatalogueSearch, type CatalogueSearch, searchCatalogue } from './search-index'

/** The search index of the complete catalogue, built on the first query after a change. */
const searchOf = perVersion((catalogue) => buildCatalogueSearch(catalogue.records))

/**
 * The search of the connection last searched. Between changes (the index broadcasts every one to its
 * connection's channel) a query goes straight to it, without reading the index's state from IndexedDB at
 * every keystroke.
 */
let latest: {
  connection: string
  search: CatalogueSearch | null
  current: boolean
  channel: BroadcastChannel
} | null = null

const connectionKey = (connection: IndexConnection) => JSON.stringify([connection.baseUrl, connection.apiKey])

/** The catalogue searched from the complete index, or null while the index is incomplete. */
export async function searchIndex(connection: IndexConnection, query: string): Promise<SearchAnswer | null> {
  const key = connectionKey(connection)
  if (latest?.connection === key && latest.current && latest.search) {
    return searchCatalogue(latest.search, query)
  }
  if (latest?.connection !== key) {
    latest?.channel.close()
    const channel = new BroadcastChannel(await connectionName(connection))
    const entry = { connection: key, search: null, current: false, channel }
    channel.onmessage = (event: MessageEvent<IndexMessage>) => {
      if (event.data.type === 'changed') entry.current = false
    }
    latest = entry
  }
  const entry = latest
  // Marked before reading: a change broadcast meanwhile marks it out of date again.
  entry.current = true
  const found = await searchOf(connection)
  if (!found) {
    entry.current = false
    return null
  }
  entry.search = found.value
  return searchCatalogue(found.value, query)
}
