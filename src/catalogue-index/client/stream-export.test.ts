// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogueVersions } from '../../api/catalogue-versions'
import { locations } from '../../catalogue'
import { STREAM_RECORDS_HEADER } from '../../catalogue/views/stream'
import { ESTIMATED_RECORD_BYTES, EXPORT_CONFIRM_BYTES, exportByStream } from './stream-export'

/*
 * Export of a view streamed by the service into a Blob (no File System Access API): a download the browser
 * holds whole is asked about first above EXPORT_CONFIRM_BYTES, estimated from the records' count before any is
 * read; declined, nothing is downloaded and the stream is let go.
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

function exportWith(records: number, confirm: (bytes: number) => Promise<boolean>, version?: string) {
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
    signal: new AbortController().signal,
    onReceived: () => {},
    confirm,
  })
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
