import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query'
import { useConnection } from '../../api/connection-in-use'
import { plainConnection } from '../client/index-client'
import type { IndexConnection } from '../protocol/worker-api'
import { useIndexSupported } from './index-support'
import { type IndexState, useIndexStatus } from './use-index-status'

/** A page the index answers, with the index's state (to say what it needs, and to build it). */
export interface IndexPageAnswer<T> extends Pick<IndexState, 'status' | 'progress' | 'build'> {
  /** This browser can keep the index (Web Workers and IndexedDB). */
  supported: boolean
  /** The index is complete: the page is answered from it. */
  complete: boolean
  /** The page, or the previous question's page while the next is on its way (`previous`). */
  page: T | undefined
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
 * A page asked of the index worker once the index of the connection in use is complete, and again when the
 * index changes. `key` makes the question's query key from the connection's address and the index's date;
 * `ask` answers null while the index is incomplete.
 */
export function useIndexPage<T>(
  key: (baseUrl: string, updatedAt: number | null) => QueryKey,
  ask: (connection: IndexConnection) => Promise<T | null>,
  enabled = true,
): IndexPageAnswer<T> {
  const { connection } = useConnection()
  const supported = useIndexSupported() && connection !== null
  const { status, progress, build } = useIndexStatus(
    connection ?? { baseUrl: '', apiKey: '' },
    false,
    supported,
  )
  const complete = supported && status?.complete === true
  const query = useQuery({
    queryKey: key(connection?.baseUrl ?? '', status?.updatedAt ?? null),
    queryFn: async () => {
      const answer = connection ? await ask(plainConnection(connection)) : null
      if (answer === null) throw new IndexIncomplete()
      return answer
    },
    enabled: complete && enabled,
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
