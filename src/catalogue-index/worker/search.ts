import { groupTitle, type SearchAnswer, type SearchHit } from '../protocol/search'
import type { SearchListPage, SearchListRequest } from '../protocol/search-list'
import type { IndexConnection, IndexMessage } from '../protocol/worker-api'
import { connectionName, perVersion } from './data'
import { buildCatalogueSearch, type CatalogueSearch, groupHits, searchAll } from './search-index'
import { searchListPage } from './search-list'

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

/** The search of the complete index of a connection, or null while the index is incomplete. */
async function currentSearch(connection: IndexConnection): Promise<CatalogueSearch | null> {
  const key = connectionKey(connection)
  if (latest?.connection === key && latest.current && latest.search) return latest.search
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
  return found.value
}

/** The last query's results, kept so that a change of page, sort or facet does not search again. */
let lastHits: { search: CatalogueSearch; query: string; hits: SearchHit[] } | null = null

function hitsOf(search: CatalogueSearch, query: string): SearchHit[] {
  if (lastHits?.search !== search || lastHits.query !== query) {
    lastHits = { search, query, hits: searchAll(search, query) }
  }
  return lastHits.hits
}

/** The catalogue searched from the complete index, or null while the index is incomplete. */
export async function searchIndex(connection: IndexConnection, query: string): Promise<SearchAnswer | null> {
  const search = await currentSearch(connection)
  return search ? groupHits(hitsOf(search, query)) : null
}

/** A page of all the results of a search, from the complete index, or null while the index is incomplete. */
export async function searchListOf(
  connection: IndexConnection,
  request: SearchListRequest,
): Promise<SearchListPage | null> {
  const search = await currentSearch(connection)
  return search ? searchListPage(hitsOf(search, request.query), request, groupTitle) : null
}
