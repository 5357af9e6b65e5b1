import { indexWorker } from '../client/index-client'
import type { InsightsAnswer } from '../protocol/worker-api'
import { indexQueryKeys } from './index-query-keys'
import { type IndexAnswer, useIndexAnswer } from './use-index-answer'

/** The insights' charts, counted by the index worker once the index of the connection in use is complete. */
export function useInsights(): IndexAnswer<InsightsAnswer> {
  return useIndexAnswer({
    key: (baseUrl, updatedAt) => indexQueryKeys.insights(baseUrl, updatedAt),
    ask: (connection) => indexWorker().insights(connection),
  })
}
