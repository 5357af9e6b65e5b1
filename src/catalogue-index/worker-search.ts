import type { IndexConnection } from './protocol'
import type { SearchAnswer } from './search-answer'
import { buildCatalogueSearch, type CatalogueSearch, searchCatalogue } from './search-index'
import { completeCatalogue } from './worker-data'

/** The search index of the last catalogue searched, by its version: built on the first query after a change. */
let cached: { version: string; search: Promise<CatalogueSearch> } | null = null

/** The catalogue searched from the complete index, or null while the index is incomplete. */
export async function searchIndex(connection: IndexConnection, query: string): Promise<SearchAnswer | null> {
  const catalogue = await completeCatalogue(connection)
  if (!catalogue) return null
  if (cached?.version !== catalogue.version) {
    const records = catalogue.records
    cached = {
      version: catalogue.version,
      search: Promise.resolve().then(() => buildCatalogueSearch(records)),
    }
  }
  return searchCatalogue(await cached.search, query)
}
