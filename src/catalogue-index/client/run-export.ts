import { catalogueVersions } from '../../api/catalogue-versions'
import { serviceBase } from '../../catalogue'
import type { CrawlProgress } from '../../crawler'
import { exportFileName } from '../../export'
import type { ExportFormat, ExportRequest, IndexConnection } from '../protocol/worker-api'
import { Comlink, indexWorker, plainConnection } from './index-client'
import { offlineSince } from './offline-state'
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

/** Said beside a file streamed from a catalogue that the service has since replaced (contract §13). */
export const CHANGED_SINCE =
  'The file holds the catalogue as it was when the export began: the service’s has changed since.'

/**
 * Exports a whole filtered list (or a view of it, as shown) as a file the browser saves. A service that streams
 * views (its OpenAPI document's marker) is asked for the whole view in one answer, written as it comes; when
 * it cannot be reached, or for any other service, the index worker makes the file: from the index when it is
 * complete, otherwise read from the service page by page. Resolves with a problem sentence, or a note to show
 * beside a file made (a catalogue changed meanwhile), or neither.
 */
export async function runExport(
  connection: IndexConnection,
  { collection, filters, view, records }: ExportRequest,
  format: ExportFormat,
  events: ExportEvents,
): Promise<{ problem: string | null; note: string | null }> {
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
        records,
        signal: controller.signal,
        onReceived: events.onReceived,
        confirm: events.confirm,
      }).catch((error: unknown) => {
        if (controller.signal.aborted) return { problem: 'The export was cancelled.' }
        throw error
      })
      if ('problem' in streamed) return { problem: streamed.problem, note: null }
      if ('done' in streamed) return { problem: null, note: streamed.changedSince ? CHANGED_SINCE : null }
    }
    const result = await worker.exportList(
      plain,
      collection.name,
      { ...filters },
      format,
      Comlink.proxy(events.onProgress),
      view,
      // Offline, the index makes the file however old it is (its date is shown); online, a stale one does not.
      offlineSince() === null ? catalogueVersions.latest(serviceBase(connection.baseUrl)) : undefined,
    )
    if ('failed' in result) return { problem: result.failed, note: null }
    const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json;charset=utf-8'
    download(
      new Blob([result.text], { type }),
      exportFileName(collection.name, filters, view?.view ?? null, format, new Date()),
    )
    return { problem: null, note: null }
  } finally {
    if (running === controller) running = null
  }
}

export function cancelExport() {
  running?.abort()
  void indexWorker().cancelExport()
}
