import { queryOptions } from '@tanstack/react-query'
import { loadReference } from './load-reference'

/** The OpenAPI document of the service at `baseUrl` (empty: this site's own), read once every five minutes. */
export const referenceQueryOptions = (baseUrl: string) =>
  queryOptions({
    queryKey: ['api-reference', baseUrl],
    queryFn: ({ signal }) => loadReference(baseUrl, (...args) => fetch(...args), signal),
    staleTime: 5 * 60_000,
    retry: false,
  })
