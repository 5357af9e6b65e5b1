import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query'
import type { CatalogueClient } from '../api/client'
import type { ApiRecord, CollectionView, Filters } from '../catalogue'

/** The catalogue is read-only: what was fetched stays true, so it is never refetched on its own. */
const STALE_TIME = Number.POSITIVE_INFINITY
const GC_TIME = 60 * 60 * 1000
/**
 * A page that mounts on a failed query shows the failure rather than asking again: the route's loader has
 * just asked (it runs `ensureQueryData` on every navigation), and Retry asks again on request.
 */
const RETRY_ON_MOUNT = false

/**
 * Query keys and `queryOptions` factories of one collection, from general to specific:
 * `[collection]`, `[collection, 'list', filters, page]`, `[collection, 'detail', id]`, `[collection, 'many', ids]`.
 * Shared by hooks, prefetching and tests.
 */
export function collectionQueries<R extends ApiRecord, F extends string>(collection: CollectionView<R, F>) {
  const { name } = collection
  const keys = {
    all: [name] as const,
    list: (filters: Filters<F>, page: number) => [name, 'list', filters, page] as const,
    detail: (id: number) => [name, 'detail', id] as const,
    many: (ids: readonly number[]) => [name, 'many', ids] as const,
  }

  return {
    keys,
    list: (client: CatalogueClient, filters: Filters<F>, page: number) =>
      queryOptions({
        queryKey: keys.list(filters, page),
        queryFn: ({ signal }) => client.list(collection, filters, page, signal),
        placeholderData: keepPreviousData,
        staleTime: STALE_TIME,
        gcTime: GC_TIME,
        retryOnMount: RETRY_ON_MOUNT,
      }),
    detail: (client: CatalogueClient, id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => client.one(collection, id, signal),
        staleTime: STALE_TIME,
        gcTime: GC_TIME,
        retryOnMount: RETRY_ON_MOUNT,
      }),
    many: (client: CatalogueClient, ids: readonly number[]) =>
      queryOptions({
        queryKey: keys.many(ids),
        queryFn: ({ signal }) => client.many(collection, ids, signal),
        staleTime: STALE_TIME,
        gcTime: GC_TIME,
        retryOnMount: RETRY_ON_MOUNT,
      }),
    /** Puts list rows in the detail cache, so opening one shows it at once, with no request. */
    seedDetails(queryClient: QueryClient, records: readonly R[]) {
      for (const record of records) {
        const key = keys.detail(record.id)
        if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, record)
      }
    },
  }
}

export type CollectionQueries<R extends ApiRecord, F extends string> = ReturnType<
  typeof collectionQueries<R, F>
>
