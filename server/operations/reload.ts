import { loadStore } from '../dataset/store'
import type { LiveCatalogue } from './live-catalogue'
import type { ServiceMetrics } from './metrics'

export interface ReloadResult {
  ok: boolean
  message: string
}

/**
 * Reloads the dataset file (SIGHUP, contract §10): the whole file is read and validated first; only a good file
 * replaces the data served, in one step. A bad one changes nothing: the old data keeps being served.
 */
export function reloadDataset(
  path: string,
  live: LiveCatalogue,
  metrics: ServiceMetrics | null,
): ReloadResult {
  const started = performance.now()
  try {
    const store = loadStore(path)
    live.replace(store)
    const seconds = (performance.now() - started) / 1000
    metrics?.recordDataset(live.counts, seconds)
    metrics?.datasetReloads.inc({ result: 'ok' })
    const counts = Object.entries(live.counts).map(([name, count]) => `${count} ${name}`)
    return {
      ok: true,
      message: `Dataset reloaded in ${Math.round(seconds * 1000)} ms: ${counts.join(' and ')} from ${path}.`,
    }
  } catch (error) {
    metrics?.datasetReloads.inc({ result: 'failed' })
    const reason = error instanceof Error ? error.message : String(error)
    return { ok: false, message: `Dataset reload failed; still serving the previous data. ${reason}` }
  }
}
