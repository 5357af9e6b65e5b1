import { Worker } from 'node:worker_threads'
import type { LiveCatalogue } from '../catalogue/live-catalogue'
import { loadStore } from '../dataset/store'
import type { ServiceMetrics } from './metrics'

export interface ReloadResult {
  ok: boolean
  message: string
}

type Checked = { ok: true } | { ok: false; message: string }

/** Reads and validates the file in a worker thread; its memory is given back when the worker ends. */
function checkInWorker(path: string, maxBytes: number): Promise<Checked> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./dataset-check-worker.ts', import.meta.url), {
      workerData: { path, maxBytes },
    })
    let settled = false
    worker.once('message', (checked: Checked) => {
      settled = true
      resolve(checked)
    })
    worker.once('error', (error) => {
      settled = true
      resolve({ ok: false, message: `Dataset ${path} could not be checked: ${error.message}` })
    })
    worker.once('exit', (code) => {
      if (!settled) resolve({ ok: false, message: `Dataset ${path} could not be checked (exit ${code}).` })
    })
  })
}

/**
 * Reloads the dataset file (SIGHUP, contracts §10 and §11): the file is first read and validated in a worker
 * thread, so a bad file (however large, within the size limit) neither blocks requests nor leaves its memory
 * behind; only then is it loaded here and swapped in, in one step. A bad file changes nothing: the old data
 * keeps being served.
 */
export async function reloadDataset(
  path: string,
  live: LiveCatalogue,
  metrics: ServiceMetrics | null,
  maxBytes: number,
  /** Whether the service answers search and characters (contract §13): made before the new catalogue is served. */
  searched = false,
): Promise<ReloadResult> {
  const started = performance.now()
  const failed = (reason: string): ReloadResult => {
    metrics?.datasetReloads.inc({ result: 'failed' })
    return { ok: false, message: `Dataset reload failed; still serving the previous data. ${reason}` }
  }
  const checked = await checkInWorker(path, maxBytes)
  if (!checked.ok) return failed(checked.message)
  try {
    // Validated again as it is loaded: the file may have changed since the check.
    const store = loadStore(path, maxBytes)
    if (searched) await store.prepareExtensionsInTurns()
    live.replace(store)
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error))
  }
  const seconds = (performance.now() - started) / 1000
  metrics?.recordDataset(live.counts, seconds)
  metrics?.datasetReloads.inc({ result: 'ok' })
  const counts = Object.entries(live.counts).map(([name, count]) => `${count} ${name}`)
  return {
    ok: true,
    message: `Dataset reloaded in ${Math.round(seconds * 1000)} ms: ${counts.join(' and ')} from ${path}.`,
  }
}
