/**
 * Reads and validates a dataset file in a worker thread (see reload.ts): whatever the attempt takes in memory
 * goes away with the worker, and the service's event loop keeps answering meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { loadStore } from '../dataset/store'

const { path, maxBytes } = workerData as { path: string; maxBytes: number }
try {
  loadStore(path, maxBytes)
  parentPort?.postMessage({ ok: true })
} catch (error) {
  parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) })
}
