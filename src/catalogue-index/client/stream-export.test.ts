// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogueVersions } from '../../api/catalogue-versions'
import { locations } from '../../catalogue'
import { STREAM_RECORDS_HEADER } from '../../catalogue/views/stream'
import {
  asksWhereToSave,
  ESTIMATED_RECORD_BYTES,
  EXPORT_CONFIRM_BYTES,
  exportByStream,
} from './stream-export'

/*
 * Export of a view streamed by the service: a plain download (a Blob), as people expect of an Export button;
 * one the browser would hold whole above EXPORT_CONFIRM_BYTES, estimated from the records' count, is written
 * to a file the user picks where the browser has the File System Access API, and otherwise asked about first;
 * declined, nothing is downloaded and the stream is let go.
 */

const CSV = 'id,name\r\n1,Earth\r\n'
/** The fewest records whose CSV is estimated above the size asked about. */
const LARGE = Math.floor(EXPORT_CONFIRM_BYTES / ESTIMATED_RECORD_BYTES.csv) + 1

let cancelled: boolean
let downloads: string[]

function answer(records: number, version?: string): Response {
  cancelled = false
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(CSV))
    },
    pull(controller) {
      controller.close()
    },
    cancel() {
      cancelled = true
    },
  })
  return new Response(body, {
    headers: {
      [STREAM_RECORDS_HEADER]: String(records),
      ...(version === undefined ? {} : { 'Catalogue-Version': version }),
    },
  })
}

/** An export of a view of `records` records, which the list on screen counts too (unless told otherwise). */
function exportWith(
  records: number,
  confirm: (bytes: number) => Promise<boolean>,
  version?: string,
  counted: number | null = records,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer(records, version)),
  )
  return exportByStream({
    connection: { baseUrl: 'http://catalogue.test', apiKey: 'secret-key' },
    collection: { name: 'locations', listPath: locations.listPath, filters: [...locations.filters] },
    filters: {},
    view: null,
    format: 'csv',
    records: counted,
    signal: new AbortController().signal,
    onReceived: () => {},
    confirm,
  })
}

/** A browser with the File System Access API: its picker answers with a file that keeps what is written. */
function withSavePicker(answer: 'file' | 'cancel' = 'file') {
  const written: string[] = []
  const picker = vi.fn(async ({ suggestedName }: { suggestedName: string }) => {
    if (answer === 'cancel') throw new DOMException('The user aborted a request.', 'AbortError')
    return {
      name: suggestedName,
      createWritable: async () =>
        new WritableStream<Uint8Array>({
          write: (chunk) => void written.push(new TextDecoder().decode(chunk)),
        }),
    }
  })
  vi.stubGlobal('showSaveFilePicker', picker)
  return { picker, written }
}

beforeEach(() => {
  downloads = []
  // jsdom has no object URLs: the download's link is what the page would click.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }))
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download)
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('an export streamed into a download held in memory', () => {
  it('downloads a view below the size asked about without asking', async () => {
    const confirm = vi.fn(async () => true)
    expect(await exportWith(LARGE - 1, confirm)).toEqual({ done: true, changedSince: false })
    expect(confirm).not.toHaveBeenCalled()
    expect(downloads).toHaveLength(1)
    expect(downloads[0]).toMatch(/^locations-.*\.csv$/)
  })

  it('asks first above the size, saying how large it will be, and downloads it when told to', async () => {
    const confirm = vi.fn(async () => true)
    expect(await exportWith(LARGE, confirm)).toEqual({ done: true, changedSince: false })
    expect(confirm).toHaveBeenCalledWith(LARGE * ESTIMATED_RECORD_BYTES.csv)
    expect(downloads).toHaveLength(1)
  })

  it('downloads nothing when declined, and lets the stream go', async () => {
    expect(await exportWith(LARGE, async () => false)).toEqual({ done: true })
    expect(downloads).toEqual([])
    expect(cancelled).toBe(true)
  })

  it('sends the key in a header, never in the address', async () => {
    await exportWith(3, async () => true)
    const [address, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit]
    expect(address).not.toContain('secret-key')
    expect(address).toBe('http://catalogue.test/v1/locations?_export=csv')
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret-key')
  })
})

describe('an export while the catalogue changes (contract §13)', () => {
  it('holds the catalogue it began with, and says so when the service has been heard to serve another', async () => {
    catalogueVersions.hear('http://catalogue.test', 'v2')
    expect(await exportWith(3, async () => true, 'v1')).toEqual({ done: true, changedSince: true })
    expect(await exportWith(3, async () => true, 'v2')).toEqual({ done: true, changedSince: false })
    expect(downloads).toHaveLength(2)
  })
})

describe('an export in a browser that can write to a file the user picks', () => {
  it('is a plain download when it is small: no save dialog', async () => {
    const { picker } = withSavePicker()
    const confirm = vi.fn(async () => true)
    expect(await exportWith(20, confirm)).toEqual({ done: true, changedSince: false })
    expect(picker).not.toHaveBeenCalled()
    expect(confirm).not.toHaveBeenCalled()
    expect(downloads).toEqual([expect.stringMatching(/^locations-\d{4}-\d{2}-\d{2}\.csv$/)])
  })

  it('asks where to save one too large to hold in memory, and writes it there as it comes', async () => {
    const { picker, written } = withSavePicker()
    const confirm = vi.fn(async () => true)
    expect(await exportWith(LARGE, confirm)).toEqual({ done: true, changedSince: false })
    expect(picker).toHaveBeenCalledTimes(1)
    expect(picker.mock.calls[0]?.[0].suggestedName).toMatch(/^locations-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(written.join('')).toBe(CSV)
    expect(confirm).not.toHaveBeenCalled()
    expect(downloads).toEqual([])
  })

  it('writes nothing and reads nothing when the save dialog is cancelled', async () => {
    withSavePicker('cancel')
    expect(await exportWith(LARGE, async () => true)).toEqual({ done: true })
    expect(fetch).not.toHaveBeenCalled()
    expect(downloads).toEqual([])
  })

  it('chooses by the records the list counts: the picker only above the size held in memory', () => {
    expect(asksWhereToSave(LARGE, 'csv', true)).toBe(true)
    expect(asksWhereToSave(LARGE - 1, 'csv', true)).toBe(false)
    expect(asksWhereToSave(LARGE, 'csv', false)).toBe(false)
    expect(asksWhereToSave(null, 'csv', true)).toBe(false)
    // JSON takes more bytes a record: fewer records make a large file.
    expect(
      asksWhereToSave(Math.floor(EXPORT_CONFIRM_BYTES / ESTIMATED_RECORD_BYTES.json) + 1, 'json', true),
    ).toBe(true)
  })

  it('asks about the size first when the list counted few but the service streams many', async () => {
    const { picker } = withSavePicker()
    const confirm = vi.fn(async () => true)
    expect(await exportWith(LARGE, confirm, undefined, 20)).toEqual({ done: true, changedSince: false })
    expect(picker).not.toHaveBeenCalled()
    expect(confirm).toHaveBeenCalledWith(LARGE * ESTIMATED_RECORD_BYTES.csv)
    expect(downloads).toHaveLength(1)
  })
})
