import type { ExplorerConfig } from '../catalogue'
import type { CatalogueClient } from './client'
import { serviceSearch } from './service-search'
import { useServiceExtension } from './use-service-extension'

/** Whether the client's service answers search (false while not known: its document is then read). */
export const useServiceSearch = (client: CatalogueClient | null, config: Pick<ExplorerConfig, 'search'>) =>
  useServiceExtension(serviceSearch, client, config)
