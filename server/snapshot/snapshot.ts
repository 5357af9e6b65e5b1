import { type Clock, type CrawlProgress, type CrawlSummary, crawl } from '../../src/crawler'
import { DatasetError, validateDataset } from '../dataset/load'
import type { Dataset, DatasetEpisode, DatasetLocation } from '../dataset/schema'
import { episodeRecord, locationRecord, SnapshotError } from './to-dataset'

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
  const locations: DatasetLocation[] = []
  const episodes: DatasetEpisode[] = []
  const summary = await crawl({
    baseUrl: options.from,
    apiKey: options.apiKey,
    fetch: options.fetch ?? ((...args) => fetch(...args)),
    lists: [{ collection: 'locations' }, { collection: 'episodes' }],
    signal: options.signal,
    clock: options.clock,
    onProgress: options.onProgress,
    onPage: (page) => {
      if (page.collection === 'locations') {
        for (const record of page.results) locations.push(locationRecord(record))
      } else {
        for (const record of page.results) episodes.push(episodeRecord(record))
      }
    },
  })
  try {
    return { dataset: validateDataset({ locations, episodes }, 'snapshot'), summary }
  } catch (error) {
    if (!(error instanceof DatasetError)) throw error
    const detail = error.message.replace(/^Dataset snapshot: /, '')
    throw new SnapshotError(`The catalogue cannot be written as a dataset file: ${detail}.`)
  }
}
