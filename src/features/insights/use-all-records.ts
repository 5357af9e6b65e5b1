import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { CatalogueClient } from '../../api/client'
import { useCatalogueClient } from '../../api/client-context'
import type { ApiRecord } from '../../catalogue'
import type { CollectionQueries } from '../../lib/collection-queries'

/**
 * Every record of a collection, read page by page through the list queries (so the pages are shared with
 * the list views' cache). Until the catalogue index answers from the browser, this is where insights read.
 */
export function useAllRecords<R extends ApiRecord, F extends string>(queries: CollectionQueries<R, F>) {
  const client = useCatalogueClient()
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: [...queries.keys.all, 'every-record'],
    queryFn: async ({ signal }) =>
      readAll(client, queries, (options) => queryClient.fetchQuery(options), signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

async function readAll<R extends ApiRecord, F extends string>(
  client: CatalogueClient,
  queries: CollectionQueries<R, F>,
  fetchQuery: (
    options: ReturnType<CollectionQueries<R, F>['list']>,
  ) => Promise<{ info: { pages: number }; results: R[] }>,
  signal: AbortSignal,
): Promise<R[]> {
  // The first page says how many there are; the rest are asked for together.
  const first = await fetchQuery(queries.list(client, {}, 1))
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.info.pages - 1) }, (_, index) => {
      signal.throwIfAborted()
      return fetchQuery(queries.list(client, {}, index + 2))
    }),
  )
  return [first, ...rest].flatMap((answer) => answer.results)
}
