import type { CatalogueClient } from '../../api/client'
import { isApiError } from '../../api/errors'
import { COLLECTIONS, PAGE_SIZE } from '../../catalogue'
import {
  SearchGroupsSchema,
  type SearchPageBody,
  SearchPageSchema,
  type SearchResult,
} from '../../catalogue/search/answer'
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
import {
  SEARCH_LIST,
  type SearchListPage,
  type SearchListRequest,
  type SearchRow,
} from '../protocol/search-list'

const collectionsByName = new Map(COLLECTIONS.map((collection) => [collection.name, collection]))

/** A result of the service's search as the palette shows it; null for what this explorer cannot show. */
function hitOf(result: SearchResult): SearchHit | null {
  if (result.collection === 'values') return valueHit(result.of, result.field, result.value, result.count)
  if (result.collection === 'characters') return characterHit(result.id)
  const collection = collectionsByName.get(result.collection)
  return collection && 'record' in result ? recordHit(collection, result.record) : null
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

/**
 * A page of all the results of a search, from the service's ranked list (`/v1/search?q=…&page=…`, with the
 * collections chosen and the collection facet): the `/search` page while the index is not complete. A page
 * beyond the last is answered with the last, as the index answers it.
 */
export async function searchListOnService(
  client: CatalogueClient,
  request: SearchListRequest,
  signal?: AbortSignal,
): Promise<SearchListPage> {
  const ask = (page: number) => {
    const parameters = new URLSearchParams({ q: request.query, page: String(page) })
    for (const collection of request.collections) parameters.append('collection__exact', collection)
    parameters.set('_facet', 'collection')
    return client.read(`${SEARCH_PATH}?${parameters}`, SearchPageSchema, signal)
  }
  let page = Math.max(1, request.page)
  let body: SearchPageBody
  try {
    body = await ask(page)
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'notFound' || page === 1) throw error
    const first = await ask(1)
    page = Math.max(1, first.info.pages)
    body = page === 1 ? first : await ask(page)
  }
  const chosen = new Set(request.collections)
  const results: SearchRow[] = body.results.flatMap((result, index) => {
    const hit = hitOf(result)
    if (!hit) return []
    const collection = result.collection
    const rank = (page - 1) * PAGE_SIZE + index + 1
    return [{ ...hit, collection, rank, collectionTitle: groupTitle(collection) }]
  })
  const [facet] = SEARCH_LIST.facets
  const counted = body.facets?.collection
  return {
    info: { count: body.info.count, pages: body.info.pages },
    results,
    facets: [
      {
        name: facet.name,
        label: facet.label,
        values: (counted?.values ?? []).map(({ value, count }) => ({
          value,
          count: count ?? null,
          chosen: chosen.has(value),
        })),
      },
    ],
    page,
  }
}
