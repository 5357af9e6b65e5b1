import { useQuery } from '@tanstack/react-query'
import type { Connection } from '../../api/client'
import { indexWorker, plainConnection } from '../client/index-client'
import type { IndexStatus } from '../protocol/worker-api'
import { indexQueryKeys } from './index-query-keys'

/** The insights' charts, counted by the index worker once the index of `connection` is complete. */
export function useInsights(connection: Connection, status: IndexStatus | null) {
  const { baseUrl, apiKey } = connection
  return useQuery({
    queryKey: indexQueryKeys.insights(baseUrl, status?.updatedAt ?? null),
    queryFn: async () => {
      const counted = await indexWorker().insights(plainConnection({ baseUrl, apiKey }))
      if (!counted)
        throw new Error('The catalogue index is no longer complete. Build it again to see the charts.')
      return counted
    },
    enabled: status?.complete === true,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}
