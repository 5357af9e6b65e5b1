import type { Filters } from '../../catalogue'
import type { CrawlProgress } from '../../crawler'
import { exportFileName } from '../../export'
import type { ExportedList, ExportedView, ExportFormat, IndexConnection } from '../protocol/worker-api'
import { Comlink, indexWorker, plainConnection } from './index-client'
import { download, exportByStream } from './stream-export'

/** What an export tells the page as it goes, and what it asks. */
export interface ExportEvents {
  /** Pages read, when the list is read page by page (a service without streams). */
  onProgress: (progress: CrawlProgress) => void
  /** Bytes received, when the service streams the view. */
  onReceived: (bytes: number) => void
  /** Asked before a download held in memory is larger than EXPORT_CONFIRM_BYTES; true: go on. */
  confirm: (bytes: number) => Promise<boolean>
}

let running: AbortController | null = null

/**
 * Exports a whole filtered list (or a view of it, as shown) as a file the browser saves. A service that streams
 * views (its OpenAPI document's marker) is asked for the whole view in one answer, written as it comes; when
 * it cannot be reached, or for any other service, the index worker makes the file: from the index when it is
 * complete, otherwise read from the service page by page. Resolves with a problem sentence, or null.
 */
export async function runExport(
  connection: IndexConnection,
  collection: ExportedList,
  filters: Filters<string>,
  format: ExportFormat,
  events: ExportEvents,
  view: ExportedView | null = null,
): Promise<string | null> {
  const controller = new AbortController()
  running = controller
  try {
    const worker = indexWorker()
    const plain = plainConnection(connection)
    if ((await worker.serviceExtensions(plain)).export) {
      const streamed = await exportByStream({
        connection: plain,
        collection,
        filters,
        view,
        format,
        signal: controller.signal,
        onReceived: events.onReceived,
        confirm: events.confirm,
      }).catch((error: unknown) => {
        if (controller.signal.aborted) return { problem: 'The export was cancelled.' }
        throw error
      })
      if ('problem' in streamed) return streamed.problem
      if ('done' in streamed) return null
    }
    const result = await worker.exportList(
      plain,
      collection.name,
      { ...filters },
      format,
      Comlink.proxy(events.onProgress),
      view,
    )
    if ('failed' in result) return result.failed
    const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json;charset=utf-8'
    download(new Blob([result.text], { type }), exportFileName(collection.name, filters, format, new Date()))
    return null
  } finally {
    if (running === controller) running = null
  }
}

export function cancelExport() {
  running?.abort()
  void indexWorker().cancelExport()
}
