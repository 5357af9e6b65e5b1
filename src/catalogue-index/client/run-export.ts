import type { Filters } from '../../catalogue'
import type { CrawlProgress } from '../../crawler'
import { exportFileName } from '../../export'
import type { ExportedList, ExportedView, ExportFormat, IndexConnection } from '../protocol/worker-api'
import { Comlink, indexWorker, plainConnection } from './index-client'

/**
 * Exports a whole filtered list (or a view of it, as shown) as a file the browser downloads: made in the index worker, from the index when
 * it is complete, otherwise read from the service page by page. Resolves with a problem sentence, or null.
 */
export async function runExport(
  connection: IndexConnection,
  collection: ExportedList,
  filters: Filters<string>,
  format: ExportFormat,
  onProgress: (progress: CrawlProgress) => void,
  view: ExportedView | null = null,
): Promise<string | null> {
  const result = await indexWorker().exportList(
    plainConnection(connection),
    collection.name,
    { ...filters },
    format,
    Comlink.proxy(onProgress),
    view,
  )
  if ('failed' in result) return result.failed
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json;charset=utf-8'
  const url = URL.createObjectURL(new Blob([result.text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = exportFileName(collection.name, filters, format, new Date())
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return null
}

export function cancelExport() {
  void indexWorker().cancelExport()
}
