import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useContext } from 'react'
import { indexWorker, plainConnection } from '../client/index-client'
import type { SearchListPage, SearchListRequest } from '../protocol/search-list'
import { IndexConnectionContext, indexSupported } from './index-connection'
import { indexQueryKeys } from './index-query-keys'
import { type IndexState, useIndexStatus } from './use-index-status'

/** A page of all the results of a search, with the index's state (to say what it needs, and to build it). */
export interface SearchListAnswer extends Pick<IndexState, 'status' | 'progress' | 'build'> {
  /** This browser can keep the index (Web Workers and IndexedDB). */
  supported: boolean
  /** The index is complete: the search is answered from it. */
  complete: boolean
  /** The page, or the previous request's page while the next is on its way (`previous`). */
  page: SearchListPage | undefined
  previous: boolean
  fetching: boolean
  error: unknown
}

class IndexIncomplete extends Error {
  constructor() {
    super('The catalogue index is not complete.')
  }
}

/**
 * One page of all the results of a search (its collections chosen, its sort), answered by the index worker
 * once the index of the connection in use is complete; asked again when the index changes.
 */
export function useSearchList(request: SearchListRequest): SearchListAnswer {
  const connection = useContext(IndexConnectionContext)
  const supported = connection !== null && indexSupported()
  const { status, progress, build } = useIndexStatus(
    connection ?? { baseUrl: '', apiKey: '' },
    false,
    supported,
  )
  const complete = supported && status?.complete === true
  const query = useQuery({
    queryKey: indexQueryKeys.searchList(connection?.baseUrl ?? '', status?.updatedAt ?? null, request),
    queryFn: async () => {
      if (!connection) throw new IndexIncomplete()
      const answer = await indexWorker().searchList(plainConnection(connection), request)
      if (answer === null) throw new IndexIncomplete()
      return answer
    },
    enabled: complete && request.query.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  return {
    supported,
    status,
    progress,
    build,
    complete: complete && !(query.error instanceof IndexIncomplete),
    page: complete ? query.data : undefined,
    previous: query.isPlaceholderData,
    fetching: query.isFetching,
    error: query.error instanceof IndexIncomplete ? null : query.error,
  }
}
