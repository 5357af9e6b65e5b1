import { type QueryKey, useQuery } from '@tanstack/react-query'
import { useConnection } from '../../api/connection-in-use'
import { serviceCharacters, serviceInsights } from '../../api/service-characters'
import { useServiceExtension } from '../../api/use-service-extension'
import { answererOf } from '../../lib/answerer'
import { indexWorker } from '../client/index-client'
import type { InsightsAnswer } from '../protocol/worker-api'
import { indexQueryKeys } from './index-query-keys'
import { INSIGHTS_REQUESTS, serviceInsightsQuery } from './service-insights'
import { type IndexAnswer, useIndexAnswer } from './use-index-answer'

const NO_SERVICE = new Error('There is no service to ask.')

/** The insights' charts and who counted them, by the one rule (`src/lib/answerer.ts`). */
export type InsightsState =
  | { by: 'index'; index: IndexAnswer<InsightsAnswer> }
  | {
      by: 'service'
      index: IndexAnswer<InsightsAnswer>
      data: InsightsAnswer | undefined
      error: unknown
      fetching: boolean
      retry(): void
      /** The service's requests behind the charts. */
      paths: string[]
    }

/**
 * The insights' charts: counted by the index worker once the index of the connection in use is complete and
 * current; before that, by a service that answers characters and the insights' facets (three requests);
 * otherwise they wait for the index.
 */
export function useInsights(): InsightsState {
  const index = useIndexAnswer({
    key: (baseUrl, updatedAt) => indexQueryKeys.insights(baseUrl, updatedAt),
    ask: (connection) => indexWorker().insights(connection),
  })
  const { client, config } = useConnection()
  const characters = useServiceExtension(serviceCharacters, client, config)
  const facets = useServiceExtension(serviceInsights, client, config)
  // Until the index has counted them: its charts then replace the service's in place.
  const counted = index.complete && index.data !== undefined
  const known = { index: counted ? 'ready' : 'incomplete', service: characters && facets } as const
  const asked = answererOf('insights', known) === 'service' ? client : null
  const service = useQuery<InsightsAnswer, Error, InsightsAnswer, QueryKey>(
    asked
      ? serviceInsightsQuery(asked)
      : { queryKey: ['service-insights', null], queryFn: () => Promise.reject(NO_SERVICE), enabled: false },
  )
  if (!asked) return { by: 'index', index }
  return {
    by: 'service',
    index,
    data: service.data,
    error: service.error,
    fetching: service.isFetching,
    retry: () => void service.refetch(),
    paths: Object.values(INSIGHTS_REQUESTS),
  }
}
