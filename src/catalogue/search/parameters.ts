import { API_PREFIX } from '../collection.ts'
import { parsePage } from '../pagination.ts'
import { searchWords } from '../search-text.ts'

/*
 * `GET /v1/search` as a request writes it (contract §13): `q`, and either `page` (one ranked list, 20 a page,
 * narrowed by `collection__exact`, counted by `_facet=collection`) or `limit` (the palette's groups).
 */

export const SEARCH_PATH = `${API_PREFIX}/search`
/**
 * The groups of a search's results: the collections' records, the values, the characters named.
 * `collection__exact` narrows a search to any of them (§13 names the first three; the characters may be chosen
 * too), repeatable as a view's facet values are (§12).
 */
export const SEARCH_GROUPS = ['locations', 'episodes', 'values', 'characters'] as const
export type SearchGroupName = (typeof SEARCH_GROUPS)[number]

export const MAX_QUERY_CHARACTERS = 200
export const MAX_QUERY_WORDS = 12
export const MAX_LIMIT = 50

export type SearchRequest =
  | {
      kind: 'page'
      query: string
      page: number
      /** The groups chosen (in SEARCH_GROUPS order, each once); none: all. */
      collections: SearchGroupName[]
      facet: boolean
    }
  | { kind: 'groups'; query: string; limit: number }

export type SearchRequestResult = { ok: true; request: SearchRequest } | { ok: false; error: string }

const CONTROL = /\p{Cc}/u

/** `_search` on a list (contract §13): a filter of the list by the search's words. */
export const SEARCH_FILTER = '_search'

/** Why a search's text cannot be searched (given twice, too long, too many words, a control character), or null. */
export function searchTextProblem(parameter: string, text: unknown, allowEmpty: boolean): string | null {
  const rule = `The parameter "${parameter}" must be given once, with ${allowEmpty ? 'at most' : '1 to'} ${MAX_QUERY_CHARACTERS} characters, at most ${MAX_QUERY_WORDS} words and no control characters.`
  if (typeof text !== 'string' || (!allowEmpty && text.trim() === '')) return rule
  if (text.length > MAX_QUERY_CHARACTERS || CONTROL.test(text)) return rule
  return searchWords(text).length > MAX_QUERY_WORDS ? rule : null
}

/** Reads a search's parameters (each a string, or an array when given twice); unknown names are ignored (§4). */
export function readSearchRequest(query: Record<string, unknown>): SearchRequestResult {
  const refuse = (error: string): SearchRequestResult => ({ ok: false, error })
  const q = query.q
  const problem = searchTextProblem('q', q, false)
  if (problem !== null || typeof q !== 'string') return refuse(problem ?? '')
  const { limit, page } = query
  if (limit !== undefined) {
    if (page !== undefined)
      return refuse('Give "page" or "limit", not both: "limit" asks for each group’s best results.')
    const value = typeof limit === 'string' && /^[0-9]{1,2}$/.test(limit) ? Number(limit) : 0
    if (value < 1 || value > MAX_LIMIT)
      return refuse(`The parameter "limit" must be a whole number from 1 to ${MAX_LIMIT}, given once.`)
    return { ok: true, request: { kind: 'groups', query: q, limit: value } }
  }
  let pageNumber = 1
  if (page !== undefined) {
    const read = typeof page === 'string' ? parsePage(page) : null
    if (read === null) return refuse('The parameter "page" must be a whole number of at least 1, given once.')
    pageNumber = read
  }
  const narrowed = query.collection__exact
  const given = narrowed === undefined ? [] : Array.isArray(narrowed) ? narrowed : [narrowed]
  if (given.some((value) => !SEARCH_GROUPS.includes(value as SearchGroupName)))
    return refuse(`The parameter "collection__exact" must be one of ${SEARCH_GROUPS.join(', ')}.`)
  const collections = SEARCH_GROUPS.filter((group) => given.includes(group))
  const facet = query._facet
  if (facet !== undefined && facet !== 'collection')
    return refuse('The parameter "_facet" of a search must be "collection", given once.')
  return {
    ok: true,
    request: { kind: 'page', query: q, page: pageNumber, collections, facet: facet === 'collection' },
  }
}

/**
 * The address of a page of a search (`next` and `prev`): `page`, then `q`, the narrowing, the facet, each
 * percent-encoded as a list's addresses are (§4).
 */
export function searchPageAddress(
  base: string,
  request: Extract<SearchRequest, { kind: 'page' }>,
  page: number,
): string {
  let address = `${base}${SEARCH_PATH}?page=${page}&q=${encodeURIComponent(request.query)}`
  for (const collection of request.collections) address += `&collection__exact=${collection}`
  return request.facet ? `${address}&_facet=collection` : address
}
