import { createReadStream } from 'node:fs'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ApiRecord, COLLECTIONS, type Dataset } from '../../src/catalogue'
import { type Clock, type CrawlLimits, type CrawlProgress, type CrawlSummary, crawl } from '../../src/crawler'
import { DATA_MAX_MB_VARIABLE } from '../config'
import { DatasetError, loadDataset, MAX_DATASET_BYTES } from '../dataset/load'
import { datasetRecordOf, SnapshotError } from './to-dataset'

export interface SnapshotOptions {
  /** The service's base address. */
  from: string
  apiKey: string
  fetch?: typeof fetch
  signal?: AbortSignal
  onProgress?: (progress: CrawlProgress) => void
  clock?: Clock
  limits?: Partial<CrawlLimits>
  /** The largest file the service will read (CATALOGUE_DATA_MAX_MB); MAX_DATASET_BYTES unless given. */
  maxBytes?: number
}

/**
 * Reads a whole catalogue with the crawler and turns it into a dataset (contract section 9), validated as the
 * service validates a file on load, so what is written is what `CATALOGUE_DATA` accepts. Records go to
 * temporary files as they come (one per collection), never all held at once while the crawl runs; past the
 * dataset size limit (`maxBytes`, what the service reads at most) the snapshot stops with a sentence.
 */
export async function takeSnapshot(
  options: SnapshotOptions,
): Promise<{ dataset: Dataset; summary: CrawlSummary }> {
  const maxBytes = options.maxBytes ?? MAX_DATASET_BYTES
  const folder = await mkdtemp(join(tmpdir(), 'catalogue-snapshot-'))
  try {
    const parts = await Promise.all(
      COLLECTIONS.map(async (_, index) => {
        const path = join(folder, `${index}.part`)
        return { path, file: await open(path, 'w'), records: 0 }
      }),
    )
    let bytes = 0
    let summary: CrawlSummary
    try {
      summary = await crawl<ApiRecord>({
        baseUrl: options.from,
        apiKey: options.apiKey,
        fetch: options.fetch ?? ((...args) => fetch(...args)),
        lists: COLLECTIONS.map((collection) => ({ collection })),
        signal: options.signal,
        clock: options.clock,
        limits: options.limits,
        onProgress: options.onProgress,
        onPage: async (page) => {
          const collection = COLLECTIONS[page.list] as (typeof COLLECTIONS)[number]
          const part = parts[page.list] as (typeof parts)[number]
          let text = ''
          for (const record of page.results) {
            text += `${part.records++ === 0 ? '' : ','}${JSON.stringify(datasetRecordOf(collection, record))}`
          }
          bytes += Buffer.byteLength(text)
          if (bytes > maxBytes) {
            throw new SnapshotError(
              `The catalogue is larger than a dataset file may be (${maxBytes / 1024 / 1024} MB, ${DATA_MAX_MB_VARIABLE}); nothing was written.`,
            )
          }
          await part.file.write(text)
        },
      })
    } finally {
      for (const part of parts) await part.file.close()
    }
    // The parts joined into one file and loaded as the service loads one: the same checks, the same limit.
    const whole = join(folder, 'dataset.json')
    const out = await open(whole, 'w')
    try {
      for (const [index, collection] of COLLECTIONS.entries()) {
        await out.write(`${index === 0 ? '{' : ','}${JSON.stringify(collection.name)}:[`)
        for await (const chunk of createReadStream((parts[index] as (typeof parts)[number]).path))
          await out.write(chunk)
        await out.write(']')
      }
      await out.write('}')
    } finally {
      await out.close()
    }
    try {
      return { dataset: loadDataset(whole, maxBytes), summary }
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error
      const detail = error.message.replace(/^Dataset \S+?(: | )/, '')
      throw new SnapshotError(
        `The catalogue cannot be written as a dataset file: ${detail.replace(/\.$/, '')}.`,
      )
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
