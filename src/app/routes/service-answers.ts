import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { CatalogueClient } from '../../api/client'
import { type ConnectionStore, effectiveConnection } from '../../api/connection-in-use'
import { serviceCharacters, serviceInsights } from '../../api/service-characters'
import type { ServiceExtension } from '../../api/service-extension'
import { parseIdSelection } from '../../catalogue'
import { indexCompleteness } from '../../catalogue-index/client/index-completeness'
import {
  serviceCharacterQueries,
  serviceInsightsQuery,
} from '../../catalogue-index/hooks/service-character-queries'
import { answererOf } from '../../lib/answerer'

/*
 * What the character pages' and the insights' loaders start (`characters-loader.ts`): part of those pages'
 * code, not of the entry's.
 */

type Deps = { connections: ConnectionStore; queryClient: QueryClient; client: CatalogueClient }

/** The characters list (its explorer address's parameters), characters by id (`42`, `1,2`), or the insights. */
type Asked = { list: URLSearchParams } | { ids: string } | 'insights'

/**
 * Starts the service's answer of a page when the service answers it and the index is not known to (the one
 * rule, `answererOf`). Not waited for: the page renders its loading state meanwhile (the service's render of
 * a first view waits for every query started).
 */
export async function startServiceAnswer(asked: Asked, { connections, queryClient, client }: Deps) {
  const start = <T>(options: EnsureQueryDataOptions<T, Error, T, QueryKey>) =>
    void queryClient.ensureQueryData(options).catch(() => undefined)
  const served = (extension: ServiceExtension) => servedBy(connections, client, extension)
  if (!(await served(serviceCharacters))) return
  if (asked === 'insights') {
    if (await served(serviceInsights)) start(serviceInsightsQuery(client))
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

async function servedBy(
  connections: ConnectionStore,
  client: CatalogueClient,
  extension: ServiceExtension,
): Promise<boolean> {
  const config = await connections.config
  const connection = effectiveConnection(connections.saved(), config.demoKey)
  const index = connection !== null && indexCompleteness.known(connection) ? 'ready' : 'incomplete'
  return answererOf('characters', { index, service: extension.answers(client.service, config) }) === 'service'
}
