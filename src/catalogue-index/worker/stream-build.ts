import { type ApiRecord, pageCount } from '../../catalogue'
import { type CrawlProgress, readStream, type StreamResume } from '../../crawler'
import { collectionNamed } from './data'
import {
  type CollectionMeta,
  clearCollection,
  emptyMeta,
  type IndexDb,
  removeUnseen,
  writeMeta,
  writeRecords,
} from './store'

/** What filling the index from the service's streams needs. */
export interface StreamBuild {
  /** The service's base address (no trailing slash). */
  base: string
  apiKey: string
  fetch: typeof fetch
  db: IndexDb
  /** The collections to read, one after another (one stream at a time per key, contract §12). */
  collections: readonly string[]
  /** What the index knows of each collection now (updated as the build goes). */
  metas: Map<string, CollectionMeta>
  /** Re-read complete collections with `If-None-Match` (Refresh), rather than build the incomplete ones. */
  refresh: boolean
  signal: AbortSignal
  onProgress: (progress: CrawlProgress) => void
  /** Called when what the status says changed (a collection's first records, its completion). */
  onChanged: () => void
}

/**
 * Fills the index from the service's NDJSON streams (contract §12), one request per collection: records are
 * stored a batch at a time, in one IndexedDB transaction with the point to resume after them, so an
 * interrupted build (a lost connection, a closed tab, Cancel) continues where it stopped (`_after`, `If-Match`)
 * without a record twice; a stream of another catalogue (412) starts the collection over. A complete collection
 * is refreshed with `If-None-Match`: 304 keeps it, a new stream replaces it (records it no longer holds are
 * removed at the end).
 */
export async function buildFromStreams(build: StreamBuild): Promise<{ records: number; elapsedMs: number }> {
  const started = performance.now()
  const { db, metas } = build
  const total = build.collections.reduce((sum, name) => sum + (metas.get(name)?.count ?? 0), 0)
  let before = 0
  let read = 0
  for (const name of build.collections) {
    const collection = collectionNamed(name)
    if (!collection) continue
    let meta = metas.get(name) ?? emptyMeta(name)
    const refreshing = build.refresh && meta.complete
    let resume: StreamResume | null =
      !refreshing && !meta.complete && meta.stream && meta.records > 0
        ? { ...meta.stream, records: meta.records }
        : null
    const startOver = async () => {
      meta = { ...emptyMeta(name), count: meta.count, pages: meta.pages }
      await clearCollection(db, meta, collection.listPath)
      resume = null
    }
    // Records stored otherwise (page by page) cannot be continued by a stream: the collection starts over.
    if (!refreshing && !resume && (meta.records > 0 || meta.pagesDone > 0)) await startOver()
    const seen = new Set<number>()
    const stored = meta.records
    for (;;) {
      const outcome = await readStream<ApiRecord>({
        baseUrl: build.base,
        apiKey: build.apiKey,
        fetch: build.fetch,
        list: { collection },
        resume,
        ifNoneMatch: refreshing ? (meta.stream?.etag ?? null) : null,
        signal: build.signal,
        onProgress: (progress) =>
          build.onProgress({
            pagesDone: 0,
            pagesTotal: null,
            records: before + progress.records,
            recordsTotal: Math.max(total, before + (progress.total ?? 0)),
            requests: progress.requests,
            retries: progress.retries,
            requestsPerSecond: 0,
            secondsLeft: secondsLeft(
              started,
              read + progress.records - stored,
              total - before - progress.records,
            ),
            pause: progress.pause,
          }),
        onRecords: async (records, point) => {
          const first = meta.records === 0 && !refreshing
          if (refreshing) for (const record of records) seen.add(record.id)
          else meta = { ...meta, records: point.records, stream: { etag: point.etag, after: point.after } }
          await writeRecords(db, name, records, meta)
          metas.set(name, meta)
          if (first) build.onChanged()
        },
      })
      if (outcome.outcome === 'changed') {
        await startOver()
        continue
      }
      if (outcome.outcome === 'done') {
        if (refreshing) await removeUnseen(db, name, seen)
        const count = refreshing ? seen.size : outcome.records
        const pages = pageCount(count)
        meta = {
          ...meta,
          count,
          pages,
          pagesDone: pages,
          records: count,
          complete: true,
          stream: { etag: outcome.etag, after: meta.stream?.after ?? 0 },
          catalogueVersion: outcome.catalogueVersion,
        }
        read += count - stored
      }
      meta = { ...meta, updatedAt: Date.now() }
      await writeMeta(db, meta)
      metas.set(name, meta)
      build.onChanged()
      break
    }
    before += meta.records
  }
  return { records: read, elapsedMs: performance.now() - started }
}

/** Seconds left at this build's pace so far; null until it has a pace. */
function secondsLeft(started: number, done: number, left: number): number | null {
  const seconds = (performance.now() - started) / 1000
  return done > 0 && seconds > 0 ? Math.max(0, left) / (done / seconds) : null
}
