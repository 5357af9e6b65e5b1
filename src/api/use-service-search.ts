import { useSyncExternalStore } from 'react'
import type { ExplorerConfig } from '../catalogue'
import type { CatalogueClient } from './client'
import { serviceSearch } from './service-search'
import { learnViewsOf } from './views-marker'

/** Whether the client's service answers search (false while not known: its document is then read). */
export function useServiceSearch(
  client: CatalogueClient | null,
  config: Pick<ExplorerConfig, 'search'>,
): boolean {
  const service = client?.service ?? null
  const answers = useSyncExternalStore(
    serviceSearch.subscribe,
    () => (service === null ? false : serviceSearch.answers(service, config)),
    () => (service === null ? false : serviceSearch.answers(service, config)),
  )
  if (answers === undefined && client) learnViewsOf(client)
  return answers === true
}
