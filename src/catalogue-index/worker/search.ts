import type { SearchAnswer } from '../protocol/search'
import type { IndexConnection, IndexMessage } from '../protocol/worker-api'
import { connectionName, perVersion } from './data'
import {
  buildCatalogueSearch,
  type CatalogueSearch,
  restoreSearch,
  type SavedSearch,
  saveSearch,
  searchCatalogue,
} from './search-index'
import { type NameList, nameList, scanNames } from './search-names'

/** The search index of the complete catalogue: read back as it was kept, or built on the first query after a change. */
export const searchOf = perVersion<CatalogueSearch, SavedSearch>(
  (catalogue) => buildCatalogueSearch(catalogue.records),
  { kind: 'search', format: 1, save: saveSearch, restore: restoreSearch },
)

/** The names the palette scans while the search index loads (a small read; the search index is not). */
export const namesOf = perVersion<NameList, NameList>((catalogue) => nameList(catalogue.records), {
  kind: 'names',
  format: 1,
  save: (names) => names,
  restore: (names) => names,
})

/**
 * The search of the connection last searched. Between changes (the index broadcasts every one to its
 * connection's channel) a query goes straight to it, without reading the index's state from IndexedDB at
 * every keystroke.
 */
let latest: {
  connection: string
  search: CatalogueSearch | null
  /** The search index of this version is on its way (read back or built). */
  loading: boolean
  current: boolean
  channel: BroadcastChannel
} | null = null

const connectionKey = (connection: IndexConnection) => JSON.stringify([connection.baseUrl, connection.apiKey])

/**
 * The catalogue searched from the complete index, or null while the index is incomplete. While its search index
 * loads, the answer is a scan of the names (`partial`), never an empty answer for want of the index; with
 * `whole`, the answer waits for the search index instead.
 */
export async function searchIndex(
  connection: IndexConnection,
  query: string,
  whole = false,
): Promise<SearchAnswer | null> {
  const key = connectionKey(connection)
  if (latest?.connection === key && latest.current && latest.search) {
    return searchCatalogue(latest.search, query)
  }
  if (latest?.connection !== key) {
    latest?.channel.close()
    const channel = new BroadcastChannel(await connectionName(connection))
    const entry = { connection: key, search: null, loading: false, current: false, channel }
    channel.onmessage = (event: MessageEvent<IndexMessage>) => {
      if (event.data.type === 'changed') entry.current = false
    }
    latest = entry
  }
  const entry = latest
  if (!entry.current) entry.search = null
  // Marked before reading: a change broadcast meanwhile marks it out of date again.
  entry.current = true
  const full = () =>
    searchOf(connection).then((found) => {
      if (!found) entry.current = false
      else if (entry.current) entry.search = found.value
      return found
    })
  if (whole) {
    const found = await full()
    return found && searchCatalogue(found.value, query)
  }
  // The names first, a small read: the search index's read and load (seconds) come after their answer.
  const names = await namesOf(connection)
  if (!names) {
    entry.current = false
    return null
  }
  if (entry.search) return searchCatalogue(entry.search, query)
  if (!entry.loading) {
    entry.loading = true
    void full().finally(() => {
      entry.loading = false
    })
  }
  return { ...scanNames(names.value, query), partial: true }
}
