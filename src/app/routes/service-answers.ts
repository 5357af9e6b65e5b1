import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { CatalogueClient } from '../../api/client'
import { parseIdSelection } from '../../catalogue'
import {
  serviceCharacterQueries,
  serviceRelatedQuery,
} from '../../catalogue-index/hooks/service-character-queries'

/*
 * What the loaders of the character pages, the insights and a record start when the service answers them
 * (`characters-loader.ts`, `record-loader.ts`, after `servedBy`): part of those pages' code, not the entry's.
 */

type Deps = { queryClient: QueryClient; client: CatalogueClient }

/**
 * The characters list (its explorer address's parameters), characters by id (`42`, `1,2`), a record's related
 * records, or the insights.
 */
type Asked =
  | { list: URLSearchParams }
  | { ids: string }
  | { related: { collection: string; id: number } }
  | 'insights'

/**
 * Starts the service's answer of a page, once the loader found that the service answers it (`servedBy`). Not
 * waited for: the page renders its loading state meanwhile (the service's render of a first view waits for
 * every query started).
 */
export async function startServiceAnswer(asked: Asked, { queryClient, client }: Deps) {
  const start = <T>(options: EnsureQueryDataOptions<T, Error, T, QueryKey>) =>
    void queryClient.ensureQueryData(options).catch(() => undefined)
  if (asked === 'insights') {
    // The insights' code (their bars' rules) is theirs alone.
    const { serviceInsightsQuery } = await import('../../catalogue-index/hooks/service-insights')
    start(serviceInsightsQuery(client))
    return
  }
  if ('related' in asked) {
    const { collection, id } = asked.related
    queryClient.ensureInfiniteQueryData(serviceRelatedQuery(client, collection, id)).catch(() => undefined)
    return
  }
  if ('list' in asked) {
    start(serviceCharacterQueries.listAt(client, asked.list))
    return
  }
  const parsed = parseIdSelection(asked.ids)
  const selection = parsed.ok ? parsed.selection : null
  if (selection?.kind === 'one') start(serviceCharacterQueries.one(client, selection.id))
  if (selection?.kind === 'many' && selection.ids.length > 1)
    start(serviceCharacterQueries.many(client, selection.ids))
}
