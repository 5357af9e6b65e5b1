import { catalogueVersions } from '../../api/catalogue-versions'
import { CATALOGUE_VERSION_HEADER, COLLECTIONS, type Filters, isStale, serviceBase } from '../../catalogue'
import { needsIndex } from '../../catalogue/views/parameters'
import { STREAM_RECORDS_HEADER, streamPath } from '../../catalogue/views/stream'
import { viewStateOf } from '../../catalogue/views/view'
import { type ExportFormat, exportFileName } from '../../export'
import type { ExportedList, ExportedView, IndexConnection } from '../protocol/worker-api'

/*
 * Export of a view streamed by the service (contract §12, `_export`): the page fetches the whole view, with
 * the key in a header (never in an address, so no link the browser could download by itself), and writes the
 * bytes as they come: into a Blob the browser downloads, or, for a file too large to hold in memory, to a
 * file the user chose through the File System Access API where the browser has it.
 */

/**
 * A download held in memory (a Blob) larger than this is not made unasked: the browser holds it whole until
 * it is saved. Where the browser can write to a file the user chooses, that file is asked for instead; else
 * the size is asked about first.
 */
export const EXPORT_CONFIRM_BYTES = 200_000_000
/** Bytes a record takes in each format, for that estimate (a location of the large catalogue: CSV about 170). */
export const ESTIMATED_RECORD_BYTES: Record<ExportFormat, number> = { csv: 200, json: 500 }

/** The estimated size of a file of `records` records. */
export const estimatedBytes = (records: number, format: ExportFormat) =>
  records * ESTIMATED_RECORD_BYTES[format]

/**
 * Whether an export asks where to save it (the save picker, where the browser has one): only when a download
 * held in memory would be larger than EXPORT_CONFIRM_BYTES, by the records the list counts; any other export
 * is a plain download, as people expect of an Export button.
 */
export function asksWhereToSave(records: number | null, format: ExportFormat, hasPicker: boolean): boolean {
  return hasPicker && records !== null && estimatedBytes(records, format) > EXPORT_CONFIRM_BYTES
}

const MEDIA: Record<ExportFormat, { type: string; description: string; extension: string }> = {
  csv: { type: 'text/csv', description: 'CSV', extension: '.csv' },
  json: { type: 'application/json', description: 'JSON', extension: '.json' },
}

/** The File System Access API's save picker (Chromium), which TypeScript's DOM types do not hold. */
type SavePicker = (options: {
  suggestedName: string
  types: { description: string; accept: Record<string, string[]> }[]
}) => Promise<FileSystemFileHandle>

export interface StreamExport {
  connection: IndexConnection
  collection: ExportedList
  filters: Filters<string>
  view: ExportedView | null
  format: ExportFormat
  /** The records the list on screen counts, known before the export is asked for; null: not known. */
  records: number | null
  signal: AbortSignal
  /** Bytes written so far. */
  onReceived: (bytes: number) => void
  /** Asked before a download held in memory larger than EXPORT_CONFIRM_BYTES (its estimated size); true: go on. */
  confirm: (bytes: number) => Promise<boolean>
}

/**
 * What an export by stream came to: done (or declined), a problem to say, or the service out of reach. Done,
 * `changedSince` says that the service has been heard to serve another catalogue than the one the file holds
 * (contract §13: a stream holds the catalogue it began with to its end).
 */
export type StreamExportResult =
  | { done: true; changedSince?: boolean }
  | { problem: string }
  | { unreachable: true }

/** Exports the view as the service streams it (see above). */
export async function exportByStream(task: StreamExport): Promise<StreamExportResult> {
  const definition = COLLECTIONS.find((each) => each.name === task.collection.name)
  if (!definition) return { problem: 'There is no such list.' }
  const name = exportFileName(
    task.collection.name,
    task.filters,
    task.view?.view ?? null,
    task.format,
    new Date(),
  )
  const view =
    task.view && needsIndex(task.view.view) ? viewStateOf(task.view.view, definition.columns) : null
  const base = serviceBase(task.connection.baseUrl)
  const address = `${base}${streamPath(definition, task.filters, view, {
    format: task.format,
    columns: task.view?.columns ? [...task.view.columns] : null,
    after: null,
  })}`
  const media = MEDIA[task.format]

  // The picker first, while the click that asked for it still counts as the user's, and before the stream
  // begins (the service closes a stream that does not move while the user chooses).
  const picker: SavePicker | undefined = asksWhereToSave(
    task.records,
    task.format,
    'showSaveFilePicker' in window,
  )
    ? Reflect.get(window, 'showSaveFilePicker')
    : undefined
  let file: FileSystemFileHandle | null = null
  if (picker) {
    try {
      file = await picker({
        suggestedName: name,
        types: [{ description: media.description, accept: { [media.type]: [media.extension] } }],
      })
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return { done: true }
      file = null
    }
  }

  let response: Response
  try {
    response = await fetch(address, {
      headers: { Authorization: `Bearer ${task.connection.apiKey}` },
      signal: task.signal,
    })
  } catch {
    task.signal.throwIfAborted()
    return { unreachable: true }
  }
  if (response.status !== 200 || response.body === null) {
    await response.body?.cancel().catch(() => undefined)
    return { problem: refusal(response.status) }
  }
  const began = response.headers.get(CATALOGUE_VERSION_HEADER)
  const finished = (): StreamExportResult => ({
    done: true,
    changedSince: isStale(began, catalogueVersions.latest(base)),
  })
  let received = 0
  const counting = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength
      task.onReceived(received)
      controller.enqueue(chunk)
    },
  })
  try {
    if (file) {
      await response.body.pipeThrough(counting).pipeTo(await file.createWritable(), { signal: task.signal })
      return finished()
    }
    const estimate = estimatedBytes(Number(response.headers.get(STREAM_RECORDS_HEADER) ?? 0), task.format)
    if (estimate > EXPORT_CONFIRM_BYTES && !(await task.confirm(estimate))) {
      await response.body.cancel()
      return { done: true }
    }
    const blob = await new Response(response.body.pipeThrough(counting)).blob()
    download(new Blob([blob], { type: `${media.type};charset=utf-8` }), name)
    return finished()
  } catch {
    task.signal.throwIfAborted()
    return {
      problem: 'The export stopped before its end: the connection to the service was lost. Try again.',
    }
  }
}

function refusal(status: number): string {
  if (status === 401 || status === 403) return 'The service did not accept the API key.'
  if (status === 429)
    return 'Another export or index build of this key is still being streamed: try again in a few seconds.'
  return `The service refused the export (${status}).`
}

/** Hands a file to the browser's downloads, as a link the page clicks. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
