import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { CatalogueClient } from '../../api/client'
import type { ApiRecord, CollectionView, Filters, ListPage } from '../../catalogue'

/** The catalogue is read-only: what was fetched stays true, so it is never refetched on its own. */
export const STALE_TIME = Number.POSITIVE_INFINITY
export const GC_TIME = 60 * 60 * 1000
/**
 * A page that mounts on a failed query shows the failure rather than asking again: the route's loader has
 * just asked (it runs `ensureQueryData` on every navigation), and Retry asks again on request.
 */
export const RETRY_ON_MOUNT = false

/**
 * The identity of a client's service in query keys: its base URL as the client uses it ('' for this site's
 * own service). Never its API key: a key must not appear in a query key (they show in React Query's devtools
 * and would travel in a dehydrated cache).
 */
export const serviceOf = (client: CatalogueClient): string => client.service

/** Every query of one service's data starts with this: removing it forgets all that service's answers. */
export const serviceKey = (service: string) => [service] as const

/**
 * While a query with a new key loads, the previous key's data stays on screen (the page or the records
 * compared so far), but only when both are the same service's: another service's rows are never shown as
 * this one's, even for a moment.
 */
export function previousOfSameService(service: string) {
  return <T>(previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined) =>
    previousQuery?.queryKey[0] === service ? previous : undefined
}

/**
 * Query keys and `queryOptions` factories of one collection, from general to specific, each under its
 * service (`serviceKey`): `[service, collection]`, `[service, collection, 'list', filters, page]`,
 * `[service, collection, 'view', filters, parameters, page]` (its options: src/components/list/service-view.ts),
 * `[service, collection, 'detail', id]`, `[service, collection, 'many', ids]`. The one place keys of the
 * service's data are made: hooks, loaders, prefetching, seeding and tests all take them from here.
 */
export function collectionQueries<R extends ApiRecord, F extends string>(collection: CollectionView<R, F>) {
  const { name } = collection
  const keys = {
    all: (service: string) => [...serviceKey(service), name] as const,
    list: (service: string, filters: Filters<F>, page: number) =>
      [...keys.all(service), 'list', filters, page] as const,
    /** A page of a list asked with a view's parameters (a service that answers views). */
    view: (service: string, filters: Filters<F>, parameters: string, page: number) =>
      [...keys.all(service), 'view', filters, parameters, page] as const,
    detail: (service: string, id: number) => [...keys.all(service), 'detail', id] as const,
    many: (service: string, ids: readonly number[]) => [...keys.all(service), 'many', ids] as const,
  }

  return {
    keys,
    list: (client: CatalogueClient, filters: Filters<F>, page: number) =>
      queryOptions({
        queryKey: keys.list(serviceOf(client), filters, page),
        queryFn: ({ signal }) => client.list(collection, filters, page, signal),
        placeholderData: previousOfSameService(serviceOf(client)),
        staleTime: STALE_TIME,
        gcTime: GC_TIME,
        retryOnMount: RETRY_ON_MOUNT,
      }),
    detail: (client: CatalogueClient, id: number) =>
      queryOptions({
        queryKey: keys.detail(serviceOf(client), id),
        queryFn: ({ signal }) => client.one(collection, id, signal),
        staleTime: STALE_TIME,
        gcTime: GC_TIME,
        retryOnMount: RETRY_ON_MOUNT,
      }),
    /** Records compared: those compared so far stay while an added one loads. */
    many: (client: CatalogueClient, ids: readonly number[]) =>
      queryOptions({
        queryKey: keys.many(serviceOf(client), ids),
        queryFn: ({ signal }) => client.many(collection, ids, signal),
        placeholderData: previousOfSameService(serviceOf(client)),
        staleTime: STALE_TIME,
        gcTime: GC_TIME,
        retryOnMount: RETRY_ON_MOUNT,
      }),
    /**
     * Puts a page answered otherwise (a service's plain view, its facets counted with it) in the cache of the
     * specification's page with the same filters, which holds the same rows: a list that reads that one later
     * (once the index is complete) shows it with no request.
     */
    seedList(
      queryClient: QueryClient,
      client: CatalogueClient,
      filters: Filters<F>,
      page: number,
      { info, results }: ListPage<R>,
    ) {
      const key = keys.list(serviceOf(client), filters, page)
      if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, { info, results })
    },
    /** Puts list rows in the detail cache of their service, so opening one shows it at once, with no request. */
    seedDetails(queryClient: QueryClient, client: CatalogueClient, records: readonly R[]) {
      for (const record of records) {
        const key = keys.detail(serviceOf(client), record.id)
        if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, record)
      }
    },
  }
}

export type CollectionQueries<R extends ApiRecord, F extends string> = ReturnType<
  typeof collectionQueries<R, F>
>
