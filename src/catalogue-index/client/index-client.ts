import * as Comlink from 'comlink'
import type { IndexConnection, IndexWorkerApi } from '../protocol/worker-api'
import { indexSupported } from './index-support'

let worker: Comlink.Remote<IndexWorkerApi> | null = null

/** The index worker of this tab, started on first use. */
export function indexWorker(): Comlink.Remote<IndexWorkerApi> {
  worker ??= Comlink.wrap<IndexWorkerApi>(
    new Worker(new URL('../worker/worker.ts', import.meta.url), { type: 'module', name: 'catalogue-index' }),
  )
  return worker
}

/** The same connection as a plain object (what crosses to the worker). */
export function plainConnection(connection: IndexConnection): IndexConnection {
  return { baseUrl: connection.baseUrl, apiKey: connection.apiKey }
}

/** Drops the index of a connection where this browser can keep one. */
export async function dropIndexOf(connection: IndexConnection) {
  if (indexSupported()) await indexWorker().drop(plainConnection(connection))
}

export { Comlink }
