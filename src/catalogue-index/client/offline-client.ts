import type { CatalogueClient, Connection } from '../../api/client'
import { isApiError } from '../../api/errors'

/**
 * The client the pages use: the service's answers while it can be reached; when it cannot and the index of
 * this connection is complete, the index's answers (same lists, filters and paging), and the offline banner.
 * A refused key drops the index. Only this try-and-catch is in the first page's code; the rest
 * (`offline-answer.ts`) is downloaded when a request fails.
 */
export function withIndexFallback(client: CatalogueClient, connection: Connection): CatalogueClient {
  let fallback: Promise<CatalogueClient> | null = null
  const index = (error: unknown): Promise<CatalogueClient> => {
    if (!isApiError(error) || (error.kind !== 'network' && error.kind !== 'unauthorized')) throw error
    fallback ??= import('./offline-answer').then(({ answerFromIndex }) => answerFromIndex(client, connection))
    return fallback
  }
  return {
    urlOf: client.urlOf,
    service: client.service,
    list: (collection, filters, page, signal) =>
      client
        .list(collection, filters, page, signal)
        .catch(async (error) => (await index(error)).list(collection, filters, page, signal)),
    // A view, or an extension's answer (a search), is asked of a service only while the index cannot answer it.
    view: client.view,
    read: client.read,
    one: (collection, id, signal) =>
      client
        .one(collection, id, signal)
        .catch(async (error) => (await index(error)).one(collection, id, signal)),
    many: (collection, ids, signal) =>
      client
        .many(collection, ids, signal)
        .catch(async (error) => (await index(error)).many(collection, ids, signal)),
  }
}
