import { QueryClient } from '@tanstack/react-query'
import { retryDelay, shouldRetry } from '../api/retry'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        // Read-only data: coming back to the tab is no reason to ask again.
        refetchOnWindowFocus: false,
      },
    },
  })
}
