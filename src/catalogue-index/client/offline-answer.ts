import type { CatalogueClient, Connection } from '../../api/client'
import { ApiError, isApiError } from '../../api/errors'
import { requestLog } from '../../api/request-log'
import { recordsRequestPath } from '../../api/request-paths'
import { COLLECTIONS, listRequestPath, serviceBase } from '../../catalogue'
import { setOffline } from './offline-state'

const byListPath = (path: string) => COLLECTIONS.find((collection) => collection.listPath === path)
const byItemPath = (path: string) => COLLECTIONS.find((collection) => collection.itemPath === path)

/**
 * What `withIndexFallback` turns to after a request failed: asks the service once more; when it still cannot be
 * reached and the index of this connection is complete, the index's answers (same lists, filters and paging)
 * and the offline banner. A refused key drops the index.
 */
export function answerFromIndex(client: CatalogueClient, connection: Connection): CatalogueClient {
  async function fromIndex<T>(
    error: unknown,
    answer: (module: typeof import('./index-client')) => Promise<T | null>,
  ): Promise<T> {
    if (!isApiError(error)) throw error
    if (error.kind === 'unauthorized') {
      void import('./index-client').then(({ indexWorker, plainConnection }) =>
        indexWorker().drop(plainConnection(connection)),
      )
      throw error
    }
    if (error.kind !== 'network') throw error
    const module = await import('./index-client')
    const [result, status] = await Promise.all([
      answer(module),
      module.indexWorker().status(module.plainConnection(connection)),
    ])
    if (result === null || !status.complete) throw error
    setOffline(status.updatedAt ?? Date.now())
    return result
  }
  /** An answer of the index goes into the request log under the address it stands in for, as the index's. */
  function logged<T>(path: string, startedAt: number, body: T): T {
    const text = JSON.stringify(body)
    requestLog.record({
      method: 'GET',
      path,
      base: serviceBase(connection.baseUrl),
      status: 200,
      durationMs: performance.now() - startedAt,
      size: new TextEncoder().encode(text).length,
      source: 'index',
      body,
    })
    return body
  }

  // An answer that arrives is not proof the service is back: the browser may have kept it a minute
  // (`max-age=60`). The banner goes when the user asks again (Retry) and the service answers.
  const online = <T>(value: T) => value

  return {
    urlOf: client.urlOf,
    service: client.service,
    view: client.view,
    read: client.read,
    async list(collection, filters, page, signal) {
      try {
        return online(await client.list(collection, filters, page, signal))
      } catch (error) {
        const startedAt = performance.now()
        const name = byListPath(collection.listPath)?.name
        const answer = await fromIndex(error, ({ indexWorker, plainConnection }) =>
          name
            ? indexWorker().list(plainConnection(connection), name, { ...filters }, page)
            : Promise.resolve(null),
        )
        // The service answers a page beyond the last with a 404 (and an empty list's first page with none).
        if (page > Math.max(1, answer.info.pages)) throw new ApiError('notFound', { status: 404 })
        return logged(listRequestPath(collection, filters, page), startedAt, collection.page.parse(answer))
      }
    },
    async one(collection, id, signal) {
      try {
        return online(await client.one(collection, id, signal))
      } catch (error) {
        const startedAt = performance.now()
        const name = byItemPath(collection.itemPath)?.name
        const found = await fromIndex(error, ({ indexWorker, plainConnection }) =>
          name ? indexWorker().records(plainConnection(connection), name, [id]) : Promise.resolve(null),
        )
        const record = found[0]
        if (!record) throw new ApiError('notFound', { status: 404 })
        return logged(recordsRequestPath(collection, [id]), startedAt, collection.record.parse(record))
      }
    },
    async many(collection, ids, signal) {
      try {
        return online(await client.many(collection, ids, signal))
      } catch (error) {
        const startedAt = performance.now()
        const name = byItemPath(collection.itemPath)?.name
        const found = await fromIndex(error, ({ indexWorker, plainConnection }) =>
          name ? indexWorker().records(plainConnection(connection), name, ids) : Promise.resolve(null),
        )
        const records = found.map((record) => collection.record.parse(record))
        return logged(recordsRequestPath(collection, ids), startedAt, records)
      }
    },
  }
}
