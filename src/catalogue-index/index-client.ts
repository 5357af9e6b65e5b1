import * as Comlink from 'comlink'
import type { IndexConnection, IndexWorkerApi } from './protocol'

let worker: Comlink.Remote<IndexWorkerApi> | null = null

/** The index worker of this tab, started on first use. */
export function indexWorker(): Comlink.Remote<IndexWorkerApi> {
  worker ??= Comlink.wrap<IndexWorkerApi>(
    new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'catalogue-index' }),
  )
  return worker
}

/** The same connection as a plain object (what crosses to the worker). */
export function plainConnection(connection: IndexConnection): IndexConnection {
  return { baseUrl: connection.baseUrl, apiKey: connection.apiKey }
}

export { Comlink }
