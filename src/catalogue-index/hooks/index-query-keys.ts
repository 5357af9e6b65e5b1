import type { ListView } from '../../catalogue/views/view'
import type { CharacterRequest } from '../protocol/characters'
import type { SearchListRequest } from '../protocol/search-list'

/**
 * Query keys of the answers the index worker gives, general to specific: the connection's address, then the
 * time of the complete index they were made from (so the next complete index asks again), then the question.
 * No key holds an API key.
 */
export const indexQueryKeys = {
  all: ['catalogue-index'] as const,
  of: (baseUrl: string, updatedAt: number | null) => [...indexQueryKeys.all, baseUrl, updatedAt] as const,
  characters: (baseUrl: string, updatedAt: number | null, request: CharacterRequest) =>
    [...indexQueryKeys.of(baseUrl, updatedAt), 'characters', request] as const,
  insights: (baseUrl: string, updatedAt: number | null) =>
    [...indexQueryKeys.of(baseUrl, updatedAt), 'insights'] as const,
  view: (baseUrl: string, updatedAt: number | null, collection: string, view: ListView, page: number) =>
    [...indexQueryKeys.of(baseUrl, updatedAt), 'view', collection, view, page] as const,
  searchList: (baseUrl: string, updatedAt: number | null, request: SearchListRequest) =>
    [...indexQueryKeys.of(baseUrl, updatedAt), 'search-list', request] as const,
}
