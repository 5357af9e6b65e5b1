import { replace } from 'react-router-dom'
import type { CatalogueClient } from '../../api/client'
import { settingsPath } from '../../components/states/settings-redirect'
import type { ConnectionStore } from '../connection/connection-store'

/** Where a request's URL points inside the app: `/locations?name=x`. */
export function appPathOf(request: Request): string {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

/**
 * The client a loader fetches with. Without a key (and no demo key) the user is sent to the settings in
 * place, and comes back to this address once a key works.
 */
export async function requireClient(
  connections: ConnectionStore,
  request: Request,
): Promise<CatalogueClient> {
  const client = await connections.client()
  if (!client) throw replace(settingsPath(appPathOf(request), false))
  return client
}
