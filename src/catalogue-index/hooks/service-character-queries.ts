import { infiniteQueryOptions, keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query'
import type { CatalogueClient } from '../../api/client'
import { listViewOf } from '../../catalogue/views/view'
import { parseSeason } from '../../features/characters/season'
import { CHARACTER_COLUMNS, CHARACTER_LIST } from '../../lib/character-path'
import { readListUrl } from '../../lib/list-url'
import { STALE_TIME } from '../../lib/page/collection-queries'
import type { CharacterListQuery, CharacterRequest } from '../protocol/characters'
import { characterListOnService, charactersOnService, relatedOnService } from './service-characters'

/*
 * The questions of the character pages and a record's related records as a service that answers them is asked
 * (contract §13): the pages' hooks and the routes' loaders (which start them, and so the service's first view
 * holds the answers) read the same cache entries. Read-only answers: never stale (a catalogue that changes
 * invalidates every query).
 */

const key = (client: CatalogueClient, request: CharacterRequest): QueryKey => [
  'service-characters',
  client.service,
  request,
]

export const serviceCharacterQueries = {
  list: (client: CatalogueClient, query: CharacterListQuery) =>
    queryOptions({
      queryKey: key(client, { kind: 'list', ...query }),
      queryFn: ({ signal }) => characterListOnService(client, query, signal),
      staleTime: STALE_TIME,
      placeholderData: keepPreviousData,
    }),
  /** The page of the list an explorer address shows (`/characters?season=2&_sort_desc=episodes`). */
  listAt: (client: CatalogueClient, search: URLSearchParams) => {
    const { filters, page, view } = readListUrl(search, CHARACTER_LIST)
    const { sort, ranges } = listViewOf({}, view, CHARACTER_COLUMNS)
    return serviceCharacterQueries.list(client, {
      page,
      season: parseSeason(filters.season || null),
      sort,
      ranges,
    })
  },
  /** Null: no record names the character. */
  one: (client: CatalogueClient, id: number) =>
    queryOptions({
      queryKey: key(client, { kind: 'one', id }),
      queryFn: async ({ signal }) => (await charactersOnService(client, [id], signal))[0] ?? null,
      staleTime: STALE_TIME,
    }),
  many: (client: CatalogueClient, ids: number[]) =>
    queryOptions({
      queryKey: key(client, { kind: 'many', ids }),
      queryFn: ({ signal }) => charactersOnService(client, ids, signal),
      staleTime: STALE_TIME,
    }),
}

/** A record's related records in every other collection, a page at a time (most shared first). */
export const serviceRelatedQuery = (client: CatalogueClient, collection: string, id: number) =>
  infiniteQueryOptions({
    queryKey: ['service-related', client.service, collection, id],
    queryFn: ({ pageParam, signal }) => relatedOnService(client, collection, id, pageParam, signal),
    initialPageParam: 1,
    staleTime: STALE_TIME,
    getNextPageParam: (last, _all, page) =>
      last && Object.values(last.more).some((more) => more.next) ? page + 1 : undefined,
  })
