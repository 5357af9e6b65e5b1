import { notifyManager, QueryClient } from '@tanstack/react-query'
import { retryDelay, shouldRetry } from '../api/retry'

export function createQueryClient(): QueryClient {
  // An answer tells the page in a microtask of the task that brought it, not in a task of its own (React Query's
  // default, `setTimeout`), which a frame or other work may come before: a list's new rows from the index worker
  // are on screen sooner (docs/decisions.md). React Query's notifications are the library's, for every client alike.
  notifyManager.setScheduler(queueMicrotask)
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
