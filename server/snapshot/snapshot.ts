import { type ApiRecord, COLLECTIONS, type Dataset } from '../../src/catalogue'
import { type Clock, type CrawlProgress, type CrawlSummary, crawl } from '../../src/crawler'
import { DatasetError, validateDataset } from '../dataset/load'
import { datasetRecordOf, SnapshotError } from './to-dataset'

export interface SnapshotOptions {
  /** The service's base address. */
  from: string
  apiKey: string
  fetch?: typeof fetch
  signal?: AbortSignal
  onProgress?: (progress: CrawlProgress) => void
  clock?: Clock
}

/**
 * Reads a whole catalogue with the crawler and turns it into a dataset (contract section 9), validated as the
 * service validates a file on load, so what is written is what `CATALOGUE_DATA` accepts.
 */
export async function takeSnapshot(
  options: SnapshotOptions,
): Promise<{ dataset: Dataset; summary: CrawlSummary }> {
  const records = COLLECTIONS.map(() => [] as Record<string, unknown>[])
  const summary = await crawl<ApiRecord>({
    baseUrl: options.from,
    apiKey: options.apiKey,
    fetch: options.fetch ?? ((...args) => fetch(...args)),
    lists: COLLECTIONS.map((collection) => ({ collection })),
    signal: options.signal,
    clock: options.clock,
    onProgress: options.onProgress,
    onPage: (page) => {
      const collection = COLLECTIONS[page.list] as (typeof COLLECTIONS)[number]
      const into = records[page.list] as Record<string, unknown>[]
      for (const record of page.results) into.push(datasetRecordOf(collection, record))
    },
  })
  try {
    const file = Object.fromEntries(COLLECTIONS.map((collection, index) => [collection.name, records[index]]))
    return { dataset: validateDataset(file, 'snapshot'), summary }
  } catch (error) {
    if (!(error instanceof DatasetError)) throw error
    const detail = error.message.replace(/^Dataset snapshot: /, '')
    throw new SnapshotError(`The catalogue cannot be written as a dataset file: ${detail}.`)
  }
}
