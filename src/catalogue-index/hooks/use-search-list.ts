import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { CatalogueClient } from '../../api/client'
import { indexWorker } from '../client/index-client'
import type { SearchListPage, SearchListRequest } from '../protocol/search-list'
import { indexQueryKeys } from './index-query-keys'
import { searchListOnService } from './service-search'
import { type IndexAnswer, useIndexAnswer } from './use-index-answer'

/** A page of all the results of a search, with the index's state (to say what it needs, and to build it). */
export type SearchListAnswer = IndexAnswer<SearchListPage>

/**
 * One page of all the results of a search (its collections chosen, its sort), answered by the index worker
 * once the index of the connection in use is complete; asked again when the index changes, and while the
 * answer is the names alone (the search index loading) until the whole search answers.
 */
export function useSearchList(request: SearchListRequest): SearchListAnswer {
  return useIndexAnswer({
    key: (baseUrl, updatedAt) => indexQueryKeys.searchList(baseUrl, updatedAt, request),
    ask: (connection) => indexWorker().searchList(connection, request),
    enabled: request.query.trim() !== '',
    keepPrevious: true,
    followed: (page) => page.partial === true,
  })
}

/**
 * One page of all the results of a search from a service that searches its catalogue (contract §13), while
 * the index cannot answer: asked when `enabled`, the previous page kept while the next is on its way.
 */
export function useServiceSearchList(client: CatalogueClient, request: SearchListRequest, enabled: boolean) {
  return useQuery({
    queryKey: ['service-search-list', client.service, request],
    queryFn: ({ signal }) => searchListOnService(client, request, signal),
    enabled,
    placeholderData: keepPreviousData,
  })
}
