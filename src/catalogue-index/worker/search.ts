import { groupTitle, type SearchAnswer, type SearchHit } from '../protocol/search'
import type { SearchListPage, SearchListRequest } from '../protocol/search-list'
import type { IndexConnection, IndexMessage } from '../protocol/worker-api'
import { connectionName, perVersion } from './data'
import { buildCatalogueSearch, type CatalogueSearch, groupHits, searchAll } from './search-index'
import { searchListPage } from './search-list'
import { type NameList, nameList, scanNames } from './search-names'

/**
 * The search of the complete catalogue, built from its records on the first query after a change or a page
 * load. Not kept: building the engine from the records the worker reads anyway is quicker than reading a
 * kept index back (a million records: seconds, where MiniSearch's kept form took most of a minute).
 */
export const searchOf = perVersion<CatalogueSearch>((catalogue) => buildCatalogueSearch(catalogue.records))

/** The names the palette scans while the search index loads (a small read; the search index is not). */
export const namesOf = perVersion<NameList, NameList>((catalogue) => nameList(catalogue.records), {
  kind: 'names',
  format: 2,
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

/** The entry of a connection, made current (a change broadcast meanwhile marks it out of date again). */
async function entryOf(connection: IndexConnection) {
  const key = connectionKey(connection)
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
  entry.current = true
  return entry
}

const isLatest = (connection: IndexConnection) =>
  latest?.connection === connectionKey(connection) && latest.current && latest.search ? latest.search : null

/** The search of the complete index of a connection (waiting for it to load), or null while it is incomplete. */
async function currentSearch(connection: IndexConnection): Promise<CatalogueSearch | null> {
  const ready = isLatest(connection)
  if (ready) return ready
  const entry = await entryOf(connection)
  const found = await searchOf(connection)
  if (!found) {
    entry.current = false
    return null
  }
  if (entry.current) entry.search = found.value
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
  const ready = isLatest(connection)
  if (ready || whole) {
    const search = ready ?? (await currentSearch(connection))
    return search ? groupHits(hitsOf(search, query)) : null
  }
  const found = await searchOrNames(connection)
  if (!found) return null
  return 'search' in found
    ? groupHits(hitsOf(found.search, query))
    : { ...scanNames(found.names, query), partial: true }
}

/**
 * The search index when it is loaded; else the names to scan, while it loads (asked for here when it is not
 * on its way yet): the names first, a small read, since the search index's read and load take seconds.
 * Null while the index is incomplete.
 */
async function searchOrNames(
  connection: IndexConnection,
): Promise<{ search: CatalogueSearch } | { names: NameList } | null> {
  const entry = await entryOf(connection)
  const names = await namesOf(connection)
  if (!names) {
    entry.current = false
    return null
  }
  if (entry.search) return { search: entry.search }
  if (!entry.loading) {
    entry.loading = true
    void currentSearch(connection).finally(() => {
      entry.loading = false
    })
  }
  return { names: names.value }
}

/**
 * A page of all the results of a search, from the complete index, or null while the index is incomplete.
 * While the search index loads, the names that match (`partial`), as the palette answers first.
 */
export async function searchListOf(
  connection: IndexConnection,
  request: SearchListRequest,
): Promise<SearchListPage | null> {
  const ready = isLatest(connection)
  const found = ready ? { search: ready } : await searchOrNames(connection)
  if (!found) return null
  if ('search' in found) return searchListPage(hitsOf(found.search, request.query), request, groupTitle)
  const hits = scanNames(found.names, request.query, Number.POSITIVE_INFINITY).groups.flatMap(
    (group) => group.hits,
  )
  return { ...searchListPage(hits, request, groupTitle), partial: true }
}
