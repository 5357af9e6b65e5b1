import { CHARACTERS_PATH } from '../collection.ts'
import { PAGE_GIVEN_ONCE, PAGE_RULE, parsePage } from '../pagination.ts'
import type { CharacterSelection, CountBounds } from './character-index.ts'

/*
 * `GET /v1/characters` as a request writes it (contract §13): `page`, `season`, one sort over the character's
 * number or a count (`_sort`/`_sort_desc` = `id` or a collection's name), ranges on the counts
 * (`locations__gte=2`), `_facet=season` (each season's characters) and `_facet_bins=<count>` (the characters in
 * the insights' bins of a count). Read strictly: a known parameter with a value it cannot apply is a 400
 * naming it; unknown names are ignored (§4); an empty `season` or bound is none.
 */

export { CHARACTERS_PATH }

/** A collection as the characters list reads it: its name is the name of its count. */
type Counted = { name: string }

export interface CharacterListRequest {
  page: number
  /** The page as the client wrote it (without leading zeros), for messages. */
  pageText: string
  selection: Required<CharacterSelection>
  /** `_facet=season`: each season's characters, counted. */
  seasonFacet: boolean
  /** `_facet_bins`: the counts (collection names) whose bins are counted, in the collections' order. */
  bins: string[]
}

export type CharacterListRead = { ok: true; request: CharacterListRequest } | { ok: false; error: string }

const COUNT = /^[0-9]{1,9}$/
const SEASON = /^[0-9]{1,4}$/

/** The parameter's values: none, one, or several when given again. */
const valuesOf = (value: unknown): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]

/** Reads a characters list request (each parameter a string, or an array when given twice). */
export function readCharacterListRequest(
  query: Record<string, unknown>,
  collections: readonly Counted[],
): CharacterListRead {
  const refuse = (error: string): CharacterListRead => ({ ok: false, error })
  const counts = collections.map((collection) => collection.name)
  const once = (name: string) => {
    const given = valuesOf(query[name])
    return given.length > 1 ? null : (given[0] ?? '').trim()
  }

  const pages = valuesOf(query.page)
  if (pages.length > 1) return refuse(PAGE_GIVEN_ONCE)
  const page = pages.length === 0 ? 1 : parsePage(pages[0] as string)
  if (page === null) return refuse(PAGE_RULE)

  const seasonText = once('season')
  if (seasonText === null || (seasonText !== '' && !SEASON.test(seasonText)))
    return refuse('The parameter "season" must be a season\u2019s number, such as season=2, given once.')

  const sorts: [field: string, descending: boolean][] = [
    ...valuesOf(query._sort).map((field): [string, boolean] => [field, false]),
    ...valuesOf(query._sort_desc).map((field): [string, boolean] => [field, true]),
  ]
  const fields = ['id', ...counts]
  if (sorts.length > 1) return refuse('Give one sort: "_sort" or "_sort_desc", once.')
  const [sorted] = sorts
  if (sorted && !fields.includes(sorted[0]))
    return refuse(
      `The parameter "${sorted[1] ? '_sort_desc' : '_sort'}" must name a column of characters: ${fields.join(', ')}.`,
    )

  const ranges: Record<string, CountBounds> = {}
  for (const count of counts) {
    const bounds: CountBounds = { from: null, to: null }
    for (const [end, suffix] of [
      ['from', '__gte'],
      ['to', '__lte'],
    ] as const) {
      const parameter = `${count}${suffix}`
      const text = once(parameter)
      if (text === null || (text !== '' && !COUNT.test(text)))
        return refuse(
          `The parameter "${parameter}" must be a whole number, such as ${parameter}=2, given once.`,
        )
      if (text !== '') bounds[end] = Number(text)
    }
    if (bounds.from !== null || bounds.to !== null) ranges[count] = bounds
  }

  const facets = valuesOf(query._facet)
  if (facets.some((facet) => facet !== 'season'))
    return refuse('The parameter "_facet" must name a facet of characters: season.')
  const binned = valuesOf(query._facet_bins)
  const unknown = binned.find((count) => !counts.includes(count))
  if (unknown !== undefined)
    return refuse(`The parameter "_facet_bins" must name a count of characters: ${counts.join(', ')}.`)

  return {
    ok: true,
    request: {
      page,
      pageText: (pages[0] ?? '1').replace(/^0+/, ''),
      selection: {
        season: seasonText === '' ? null : Number(seasonText),
        sort: sorted ? { field: sorted[0], descending: sorted[1] } : null,
        ranges,
      },
      seasonFacet: facets.length > 0,
      bins: counts.filter((count) => binned.includes(count)),
    },
  }
}

/**
 * A request's parameters other than `page`, in the one order `next` and `prev` write them: `season`, the sort,
 * the ranges (collections in order, `__gte` before `__lte`), `_facet`, `_facet_bins`.
 */
export function characterListParameters(
  request: Omit<CharacterListRequest, 'page' | 'pageText'>,
  collections: readonly Counted[],
): [string, string][] {
  const { season, sort, ranges } = request.selection
  const written: [string, string][] = []
  if (season !== null) written.push(['season', String(season)])
  if (sort) written.push([sort.descending ? '_sort_desc' : '_sort', sort.field])
  for (const { name } of collections) {
    const bounds = ranges[name]
    if (bounds?.from != null) written.push([`${name}__gte`, String(bounds.from)])
    if (bounds?.to != null) written.push([`${name}__lte`, String(bounds.to)])
  }
  if (request.seasonFacet) written.push(['_facet', 'season'])
  for (const count of request.bins) written.push(['_facet_bins', count])
  return written
}

/**
 * The path of a record's related records in another collection: `/v1/locations/3/episodes`; with `{id}` or
 * `:id`, its template (OpenAPI's, the router's).
 */
export const relatedPath = (itemPath: string, id: number | '{id}' | ':id', other: string) =>
  `${itemPath}/${id}/${other}`
