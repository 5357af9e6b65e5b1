import { type AnyCollection, CHARACTERS_PATH, PAGE_SIZE, pageCount, pageLinks } from '../../src/catalogue'
import { SEARCH_GROUPS, type SearchRequest, searchPageAddress } from '../../src/catalogue/search/parameters'
import { CatalogueError } from './errors'
import { addressesFor } from './render'
import type { FoundResult, SearchSource } from './search'

/**
 * The body of `GET /v1/search` (contract §13), from a store's search: a page of the ranked list with §4's
 * `info` (and the collection facet when asked), or the palette's groups. Each result names its group in
 * `collection`: a record (`record`, as its list writes it), a value (`of`, `field`, `value`, `count` and the
 * address of the list it names) or a character (`id` and its address).
 */
export async function searchBody(
  search: SearchSource,
  collections: readonly AnyCollection[],
  request: SearchRequest,
  base: string,
): Promise<string> {
  const render = renderer(collections, base)
  if (request.kind === 'groups') {
    const groups = await search.groups(request.query, request.limit)
    return JSON.stringify({
      groups: groups.map(({ group, total, results }) => ({
        collection: group,
        total,
        counted: true,
        results: results.map(render),
      })),
    })
  }
  const start = (request.page - 1) * PAGE_SIZE
  const found = await search.page(request.query, request.collections, start, start + PAGE_SIZE)
  const pages = pageCount(found.count)
  if (request.page > pages && request.page > 1) {
    const has =
      pages === 0 ? 'this search found nothing' : `this search has ${pages} page${pages === 1 ? '' : 's'}`
    throw new CatalogueError('not-found', `Page ${request.page} does not exist: ${has}.`)
  }
  const info = {
    count: found.count,
    pages,
    ...pageLinks(request.page, pages, (page) => searchPageAddress(base, request, page)),
  }
  const body: Record<string, unknown> = { info, results: found.results.map(render) }
  if (request.facet) {
    const values = SEARCH_GROUPS.flatMap((group) => {
      const count = found.counts[group] ?? 0
      return count > 0 || request.collections.includes(group) ? [{ value: group, count }] : []
    }).sort((a, b) => b.count - a.count || SEARCH_GROUPS.indexOf(a.value) - SEARCH_GROUPS.indexOf(b.value))
    body.facets = { collection: { values, truncated: false, counted: true } }
  }
  return JSON.stringify(body)
}

function renderer(collections: readonly AnyCollection[], base: string) {
  // Each collection with the addresses its records show.
  const byName = new Map(
    collections.map((collection) => [collection.name, { collection, at: addressesFor(collection, base) }]),
  )
  return (result: FoundResult): Record<string, unknown> => {
    if (result.group === 'characters')
      return { collection: 'characters', id: result.id, url: `${base}${CHARACTERS_PATH}/${result.id}` }
    if (result.group === 'values') {
      const list = byName.get(result.of)
      const url = `${base}${list?.collection.listPath ?? ''}?${new URLSearchParams({ [`${result.field}__exact`]: result.value })}`
      return {
        collection: 'values',
        of: result.of,
        field: result.field,
        value: result.value,
        count: result.count,
        url,
      }
    }
    const listed = byName.get(result.group)
    if (!listed) throw new Error(`No collection ${result.group}`)
    return { collection: result.group, record: listed.collection.toRecord(result.record, listed.at) }
  }
}
