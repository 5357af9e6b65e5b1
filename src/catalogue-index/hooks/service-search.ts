import type { CatalogueClient } from '../../api/client'
import { COLLECTIONS } from '../../catalogue'
import { SearchGroupsSchema, type SearchResult } from '../../catalogue/search/answer'
import { SEARCH_PATH } from '../../catalogue/search/parameters'
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

const collectionsByName = new Map(COLLECTIONS.map((collection) => [collection.name, collection]))

/** A result of the service's search as the palette shows it; null for what this explorer cannot show. */
function hitOf(result: SearchResult): SearchHit | null {
  if (result.collection === 'values') return valueHit(result.of, result.field, result.value, result.count)
  if (result.collection === 'characters') return characterHit(result.id)
  const collection = collectionsByName.get(result.collection)
  return collection && 'record' in result ? recordHit(collection, result.record as never) : null
}

/**
 * The catalogue searched by its service (contract §13: `/v1/search?q=…&limit=8`), in the palette's groups: a
 * collection's values first, then its records (as the index answers), then the characters named. With `only`,
 * that collection's group alone.
 */
export async function searchCatalogueService(
  client: CatalogueClient,
  text: string,
  only: string | undefined,
  signal: AbortSignal,
): Promise<SearchAnswer> {
  const path = `${SEARCH_PATH}?${new URLSearchParams({ q: text, limit: String(HITS_PER_GROUP) })}`
  const { groups } = await client.read(path, SearchGroupsSchema, signal)
  const byCollection = new Map<string, SearchGroup>()
  const groupOf = (collection: string) => {
    let group = byCollection.get(collection)
    if (!group) {
      group = { collection, title: groupTitle(collection), hits: [], total: 0 }
      byCollection.set(collection, group)
    }
    return group
  }
  const values = groups.find((group) => group.collection === 'values')
  for (const result of values?.results ?? []) {
    if (result.collection !== 'values') continue
    const group = groupOf(result.of)
    const hit = hitOf(result)
    if (hit) group.hits.push(hit)
  }
  // Every value the service counted is of the collection its first result filters (only locations have values).
  const valuesOf = values?.results[0]?.collection === 'values' ? values.results[0].of : null
  if (valuesOf && values) groupOf(valuesOf).total += values.total
  for (const group of groups) {
    if (group.collection === 'values') continue
    const shown = groupOf(group.collection)
    shown.total += group.total
    for (const result of group.results) {
      const hit = hitOf(result)
      if (hit && shown.hits.length < HITS_PER_GROUP) shown.hits.push(hit)
    }
  }
  const ordered = [...byCollection.values()].filter(
    (group) => group.total > 0 && (only === undefined || group.collection === only),
  )
  // The palette's order: the collections' own, the characters first when the query named one first.
  const rank = (group: SearchGroup) =>
    group.collection === 'characters'
      ? groups[0]?.collection === 'characters'
        ? -1
        : COLLECTIONS.length
      : COLLECTIONS.findIndex((collection) => collection.name === group.collection)
  return { groups: ordered.sort((a, b) => rank(a) - rank(b)) }
}
