import { z } from 'zod/mini'
import type { CatalogueClient } from '../../api/client'
import { isApiError } from '../../api/errors'
import { type ApiRecord, COLLECTIONS, formatIdList } from '../../catalogue'
import {
  type CharacterBody,
  CharacterListSchema,
  CharacterSchema,
  type LinkedRecordsBody,
  relatedPageSchema,
  SeasonFacetSchema,
} from '../../catalogue/characters/answer'
import { CHARACTERS_PATH, characterListParameters, relatedPath } from '../../catalogue/characters/parameters'
import {
  type CharacterDetail,
  type CharacterListPage,
  type CharacterListQuery,
  characterName,
  type RelatedRecords,
} from '../protocol/characters'

/*
 * The character pages' questions asked of a service that answers characters (contract §13), in the shapes the
 * index worker answers them with: the pages render either answer the same way.
 */

/** `/v1/characters?season=2&_sort_desc=episodes&episodes__gte=3&_facet=season&page=3`. */
export function characterListRequestPath({
  page,
  season,
  sort = null,
  ranges = {},
}: CharacterListQuery): string {
  const parameters = characterListParameters(
    { selection: { season, sort, ranges }, seasonFacet: true, bins: [] },
    COLLECTIONS,
  )
  if (page > 1) parameters.push(['page', String(page)])
  return `${CHARACTERS_PATH}?${new URLSearchParams(parameters)}`
}

/**
 * A page of the characters list. A page beyond the last is a 404 on the service (§4): page 1 answers instead,
 * whose page count the list corrects its address with.
 */
export async function characterListOnService(
  client: CatalogueClient,
  query: CharacterListQuery,
  signal?: AbortSignal,
): Promise<CharacterListPage> {
  let body: z.infer<typeof CharacterListSchema>
  try {
    body = await client.read(characterListRequestPath(query), CharacterListSchema, signal)
  } catch (error) {
    if (!(query.page > 1 && isApiError(error) && error.kind === 'notFound')) throw error
    body = await client.read(characterListRequestPath({ ...query, page: 1 }), CharacterListSchema, signal)
  }
  const facet = SeasonFacetSchema.safeParse(body.facets?.season)
  const seasons = facet.success ? facet.data.values : []
  return {
    info: body.info,
    results: body.results.map((row) => ({
      id: row.id,
      name: characterName(row.id),
      counts: Object.fromEntries(COLLECTIONS.map(({ name }) => [name, countOf(row, name)])),
    })),
    seasons: seasons.map(({ value }) => Number(value)),
    seasonCounts: Object.fromEntries(seasons.map(({ value, count }) => [Number(value), count])),
    seasonsCounted: facet.success && facet.data.counted,
  }
}

const countOf = (row: Record<string, unknown>, name: string): number => {
  const count = row[name]
  return typeof count === 'number' ? count : 0
}

/** `/v1/characters/42`, or `/v1/characters/1,2` for several. */
export const charactersRequestPath = (ids: readonly number[]) => `${CHARACTERS_PATH}/${formatIdList(ids)}`

const isLinked = (value: unknown): value is LinkedRecordsBody =>
  typeof value === 'object' && value !== null && 'results' in value && Array.isArray(value.results)

function detailOf(body: CharacterBody): CharacterDetail {
  return {
    id: body.id,
    name: characterName(body.id),
    address: body.url,
    links: COLLECTIONS.map(({ name }) => {
      const linked = body[name]
      const records: ApiRecord[] = isLinked(linked) ? linked.results : []
      return { collection: name, records }
    }),
  }
}

const CharactersSchema = z.union([z.array(CharacterSchema), CharacterSchema])

/** The characters found among `ids`, in the order asked; one id no record names is none found (a 404). */
export async function charactersOnService(
  client: CatalogueClient,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<CharacterDetail[]> {
  if (ids.length === 0) return []
  try {
    const body = await client.read(charactersRequestPath(ids), CharactersSchema, signal)
    const found = new Map((Array.isArray(body) ? body : [body]).map((one) => [one.id, detailOf(one)]))
    return ids.flatMap((id) => found.get(id) ?? [])
  } catch (error) {
    if (ids.length === 1 && isApiError(error) && error.kind === 'notFound') return []
    throw error
  }
}

/** `/v1/locations/3/episodes?page=2`: a record's related records in another collection, a page of them. */
export function relatedRequestPath(collection: string, id: number, other: string, page = 1): string {
  const itemPath = COLLECTIONS.find((known) => known.name === collection)?.itemPath ?? ''
  const path = relatedPath(itemPath, id, other)
  return page > 1 ? `${path}?page=${page}` : path
}

/** One page of a record's related records in each other collection, and how many pages each has. */
export interface RelatedPage {
  related: RelatedRecords[]
  /** Per collection: the number of related records, and whether a later page holds more of them. */
  more: Record<string, { count: number; next: boolean }>
}

/** A page of a record's related records in every other collection; null when the record does not exist. */
export async function relatedOnService(
  client: CatalogueClient,
  collection: string,
  id: number,
  page: number,
  signal?: AbortSignal,
): Promise<RelatedPage | null> {
  const others = COLLECTIONS.filter((other) => other.name !== collection)
  try {
    const pages = await Promise.all(
      others.map((other) =>
        client.read(relatedRequestPath(collection, id, other.name, page), relatedPageSchema(other), signal),
      ),
    )
    return {
      related: others.map((other, at) => ({
        collection: other.name,
        items: (pages[at]?.results ?? []).map(({ shared, record }) => ({ record, count: shared })),
      })),
      more: Object.fromEntries(
        others.map((other, at) => [
          other.name,
          { count: pages[at]?.info.count ?? 0, next: pages[at]?.info.next != null },
        ]),
      ),
    }
  } catch (error) {
    if (isApiError(error) && error.kind === 'notFound' && page === 1) return null
    throw error
  }
}
