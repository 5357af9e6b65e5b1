import { type ApiRecord, COLLECTIONS } from '../../catalogue'
import { SearchEngine, type SearchMatch } from '../../catalogue/search/engine'
import {
  characterHit,
  groupTitle,
  HITS_PER_GROUP,
  recordHit,
  type SearchAnswer,
  type SearchGroup,
  type SearchHit,
  valueHit,
} from '../protocol/search'

export type { SearchAnswer, SearchGroup, SearchHit }

/**
 * The index's search: the catalogue's search engine (contract §13, `src/catalogue/search/`), the one the
 * service's memory store answers with, over the index's records. The same query finds the same results in
 * the same order offline as from the service.
 */
export interface CatalogueSearch {
  engine: SearchEngine
  records: ReadonlyMap<string, readonly ApiRecord[]>
}

const collectionsByName = new Map<string, (typeof COLLECTIONS)[number]>(
  COLLECTIONS.map((collection) => [collection.name, collection]),
)

/** The search of the whole catalogue (every collection's records by collection name, in ascending id order). */
export function buildCatalogueSearch(records: ReadonlyMap<string, readonly ApiRecord[]>): CatalogueSearch {
  const engine = SearchEngine.of(
    COLLECTIONS.map((collection) => ({ collection, records: records.get(collection.name) ?? [] })),
  )
  return { engine, records }
}

function hitOf(search: CatalogueSearch, match: SearchMatch): SearchHit | null {
  if (match.kind === 'value') return valueHit(match.collection, match.field, match.value, match.count)
  if (match.kind === 'character') return characterHit(match.id)
  const collection = collectionsByName.get(match.collection)
  const record = search.records.get(match.collection)?.[match.position]
  return collection && record ? recordHit(collection, record) : null
}

/**
 * Every result of a query, best first (§13): what it names (an episode, a season's episodes in code order, a
 * character), then the values that name groups of records, then records by relevance. Each result's
 * `collection` is its group (a collection's name, or the characters').
 */
export function searchAll(search: CatalogueSearch, query: string): SearchHit[] {
  const { named, values, records } = search.engine.search(query)
  const hits: SearchHit[] = []
  for (const match of [...named, ...values]) {
    const hit = hitOf(search, match)
    if (hit) hits.push(hit)
  }
  for (const document of records) {
    const hit = hitOf(search, search.engine.recordAt(document))
    if (hit) hits.push(hit)
  }
  return hits
}

/**
 * Searches the catalogue: results grouped by collection (in the catalogue's order; in each, the values that
 * name groups of records first, then records), the characters' group first when the query names one. Each
 * group holds its first HITS_PER_GROUP and counts the rest.
 */
export function searchCatalogue(search: CatalogueSearch, query: string): SearchAnswer {
  return groupHits(searchAll(search, query))
}

/** Results in groups, as the palette shows them (see searchCatalogue). */
export function groupHits(hits: readonly SearchHit[]): SearchAnswer {
  const groups: SearchGroup[] = COLLECTIONS.map((collection) => ({
    collection: collection.name,
    title: collection.labels.title,
    hits: [],
    total: 0,
  }))
  const byName = new Map(groups.map((group) => [group.collection, group]))
  for (const hit of hits) {
    let group = byName.get(hit.collection)
    if (!group) {
      group = { collection: hit.collection, title: groupTitle(hit.collection), hits: [], total: 0 }
      byName.set(hit.collection, group)
      // The characters' group goes first when its result comes first (the query names a character).
      if (hit === hits[0]) groups.unshift(group)
      else groups.push(group)
    }
    group.total += 1
    if (group.hits.length < HITS_PER_GROUP) group.hits.push(hit)
  }
  return { groups: groups.filter((group) => group.total > 0) }
}
