import { CATALOGUE_VERSION_HEADER, COLLECTIONS, serviceBase } from '../catalogue'
import { catalogueVersions } from './catalogue-versions'
import type { Connection } from './client'

/** How often an open page asks which catalogue the service serves, while it is seen and online. */
export const VERSION_CHECK_MS = 60_000

/**
 * Asks the service of `connection`, every VERSION_CHECK_MS while the page is visible and the browser online,
 * which catalogue it serves now: one `HEAD` of a list, whose `Catalogue-Version` (contract §13) is heard as any
 * answer's is. A page that shows nothing new for a while still learns that the catalogue changed. Returns
 * what stops it.
 */
export function watchCatalogueVersion(
  connection: Connection,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): () => void {
  const base = serviceBase(connection.baseUrl)
  const [first] = COLLECTIONS
  const ask = () => {
    if (document.visibilityState !== 'visible' || !navigator.onLine) return
    fetchImpl(`${base}${first.listPath}`, {
      method: 'HEAD',
      cache: 'no-store',
      headers: { Authorization: `Bearer ${connection.apiKey}` },
    }).then(
      (response) => {
        if (response.ok) catalogueVersions.hear(base, response.headers.get(CATALOGUE_VERSION_HEADER))
      },
      () => undefined,
    )
  }
  const timer = setInterval(ask, VERSION_CHECK_MS)
  return () => clearInterval(timer)
}
