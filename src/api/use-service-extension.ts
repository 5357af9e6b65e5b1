import { useSyncExternalStore } from 'react'
import type { ExplorerConfig } from '../catalogue'
import type { CatalogueClient } from './client'
import type { ExtensionFlag, ServiceExtension } from './service-extension'
import { learnViewsOf } from './views-marker'

/**
 * Whether the client's service answers an extension (false while not known: its OpenAPI document is then
 * read, and the page is told when it is).
 */
export function useServiceExtension(
  extension: ServiceExtension,
  client: CatalogueClient | null,
  config: Partial<Pick<ExplorerConfig, ExtensionFlag>>,
): boolean {
  const service = client?.service ?? null
  const answers = useSyncExternalStore(
    extension.subscribe,
    () => (service === null ? false : extension.answers(service, config)),
    () => (service === null ? false : extension.answers(service, config)),
  )
  if (answers === undefined && client) learnViewsOf(client)
  return answers === true
}
