import * as Comlink from 'comlink'
import type { ApiRecord } from '../../catalogue'
import { needsIndex } from '../../catalogue/views/parameters'
import {
  type CrawlProgress,
  collectList,
  crawl,
  isCrawlError,
  type ListTarget,
  listPagePath,
} from '../../crawler'
import { recordsToCsv, recordsToJson } from '../../export'
import {
  type BuildMode,
  type BuildOutcome,
  INDEX_CONFIRM_BYTES,
  type IndexConnection,
  type IndexWorkerApi,
  indexedUnasked,
} from '../protocol/worker-api'
import { characters } from './characters-answers'
import { conditionalFetch } from './conditional-fetch'
import {
  baseOf,
  broadcast,
  collectionNamed,
  collectionNames,
  completeRecords,
  connectionName,
  database,
  dropIndex,
  emptyStatus,
  existingDatabase,
  indexIsStale,
  statusOf,
} from './data'
import { deriveAll } from './derive-all'
import { extensionsOf } from './extensions'
import { insightsOf } from './insights'
import { probeLists } from './probe'
import { listPageOf } from './query'
import { searchIndex, searchListOf } from './search'
import { emptyMeta, type IndexDb, readById, readMeta, removeUnseen, writeMeta, writePage } from './store'
import { buildFromStreams } from './stream-build'
import { throttleLatest } from './throttle-latest'
import { viewOf, viewRecordsOf, warmViews } from './view'

/** A record of any collection, read by field name (the CSV's columns come from the definition). */
type OpenRecord = ApiRecord & Record<string, unknown>

/**
 * Progress is broadcast at most this often: each message is a task on every tab's main thread (the message, then
 * React's render), and on a busy machine any of them can become a long task, so a second is enough for a bar.
 */
const PROGRESS_INTERVAL_MS = 1000

/** The crawl this worker runs, and the index it fills. */
let building: { name: string; controller: AbortController } | null = null
let exporting: AbortController | null = null

class TooLarge extends Error {
  constructor(readonly pages: number) {
    super(`${pages} pages`)
  }
}

async function runBuild(
  connection: IndexConnection,
  name: string,
  db: IndexDb,
  asked: BuildMode,
  signal: AbortSignal,
  sizeConfirmed: boolean,
): Promise<BuildOutcome> {
  let mode = asked
  const refresh = mode === 'refresh'
  const metas = new Map(
    await Promise.all(collectionNames.map(async (c) => [c, await readMeta(db, c)] as const)),
  )
  const todo = collectionNames.filter((collection) => refresh || !metas.get(collection)?.complete)
  if (todo.length === 0) return { outcome: 'done', records: 0, elapsedMs: 0 }
  // A build the user asked for, cut short by a reload: a page load's automatic build carries it on.
  if (mode === 'auto' && todo.some((collection) => metas.get(collection)?.wanted)) mode = 'build'
  if (mode === 'build') {
    for (const collection of todo) {
      const meta = { ...(metas.get(collection) ?? emptyMeta(collection)), wanted: true }
      metas.set(collection, meta)
      await writeMeta(db, meta)
    }
  }
  if (mode === 'auto') {
    const known = Math.max(0, ...todo.map((collection) => metas.get(collection)?.pages ?? 0))
    if (!indexedUnasked(known)) return { outcome: 'tooLarge', pages: known }
  }
  const base = baseOf(connection)
  const lists: ListTarget[] = todo.flatMap((name) => {
    const collection = collectionNamed(name)
    return collection ? [{ collection }] : []
  })
  const streams = (await extensionsOf(base)).export
  if (mode === 'build' || (mode === 'auto' && streams)) {
    const probed = await probeLists({
      base,
      apiKey: connection.apiKey,
      fetch: (input, init) => fetch(input, init),
      db,
      metas,
      lists,
      signal,
    })
    broadcast(name, { type: 'changed' })
    if (mode === 'auto' && !indexedUnasked(probed.pages)) return { outcome: 'tooLarge', pages: probed.pages }
    if (mode === 'build' && !sizeConfirmed && probed.bytes > INDEX_CONFIRM_BYTES)
      return { outcome: 'confirm', bytes: probed.bytes }
  }
  if (streams) {
    const progress = throttleLatest(
      (update: CrawlProgress) => broadcast(name, { type: 'progress', progress: update }),
      PROGRESS_INTERVAL_MS,
    )
    try {
      const built = await buildFromStreams({
        base,
        apiKey: connection.apiKey,
        fetch: (input, init) => fetch(input, init),
        db,
        collections: todo,
        metas,
        refresh,
        signal,
        onProgress: progress,
        onChanged: () => broadcast(name, { type: 'changed' }),
      })
      return { outcome: 'done', ...built }
    } finally {
      progress.cancel()
    }
  }
  const etags = new Map<string, string | null>()
  const versions = new Map<string, string | null>()
  const seen = new Map(todo.map((collection) => [collection, new Set<number>()]))
  const stop = new AbortController()
  const progress = throttleLatest(
    (update: CrawlProgress) => broadcast(name, { type: 'progress', progress: update }),
    PROGRESS_INTERVAL_MS,
  )
  const summary = await crawl({
    baseUrl: base,
    apiKey: connection.apiKey,
    fetch: conditionalFetch(
      db,
      base,
      // Known before the page is read: a 304 is answered from the records stored for it.
      (path) => lists.find((list) => list.collection.listPath === path.split('?')[0])?.collection.name ?? '',
      etags,
      (input, init) => fetch(input, init),
      versions,
    ),
    lists,
    signal: AbortSignal.any([signal, stop.signal]),
    resume: refresh
      ? undefined
      : todo.map((collection) => {
          const meta = metas.get(collection) ?? emptyMeta(collection)
          return meta.pagesDone > 0 && meta.pages !== null
            ? { page: meta.pagesDone, pages: meta.pages, records: meta.records }
            : null
        }),
    onProgress: progress,
    onPage: async (page) => {
      if (mode === 'auto' && !indexedUnasked(page.pages)) {
        await writeMeta(db, {
          ...(metas.get(page.collection) ?? emptyMeta(page.collection)),
          pages: page.pages,
          count: page.count,
        })
        stop.abort(new TooLarge(page.pages))
        return
      }
      const definition = collectionNamed(page.collection)
      if (!definition) return
      const path = listPagePath({ collection: definition }, page.page)
      const previous = metas.get(page.collection) ?? emptyMeta(page.collection)
      const pagesDone = page.page
      const records = page.page === 1 ? page.results.length : previous.records + page.results.length
      const last = page.page >= Math.max(1, page.pages)
      const meta = {
        ...previous,
        count: page.count,
        pages: page.pages,
        pagesDone: refresh && !last ? previous.pagesDone : pagesDone,
        records: refresh ? previous.records : records,
        complete: refresh ? previous.complete : last,
        updatedAt: previous.updatedAt,
      }
      for (const record of page.results) seen.get(page.collection)?.add(record.id)
      if (last) {
        meta.complete = true
        meta.wanted = false
        meta.pagesDone = pagesDone
        meta.updatedAt = Date.now()
        meta.catalogueVersion = versions.get(path) ?? null
        if (refresh) meta.records = seen.get(page.collection)?.size ?? records
      }
      metas.set(page.collection, meta)
      await writePage(
        db,
        page.collection,
        page.results,
        {
          path,
          etag: etags.get(path) ?? null,
          info: { count: page.count, pages: page.pages, next: null, prev: null },
          ids: page.results.map((record) => record.id),
        },
        meta,
      )
      if (last && refresh) await removeUnseen(db, page.collection, seen.get(page.collection) ?? new Set())
      if (page.page === 1 || last) broadcast(name, { type: 'changed' })
    },
  }).finally(progress.cancel)
  return { outcome: 'done', records: summary.records, elapsedMs: summary.elapsedMs }
}

/** A build the user cancelled is no longer wanted: no page load carries it on by itself. */
async function unwant(db: IndexDb): Promise<void> {
  for (const collection of collectionNames) {
    const meta = await readMeta(db, collection)
    if (meta.wanted) await writeMeta(db, { ...meta, wanted: false })
  }
}

const api: IndexWorkerApi = {
  async channelName(connection) {
    return connectionName(connection)
  },

  async status(connection) {
    const found = await existingDatabase(connection)
    if (!found) return emptyStatus(await connectionName(connection))
    const status = await statusOf(found.name, found.db)
    // A list that shows a complete index's status answers its next change of view from it: its lists are
    // prepared for views now, in this worker, rather than on that change (a long task of it on a large catalogue),
    // and each view's paths run once (`warmViews`).
    if (status.complete) void warmViews(connection).catch(() => undefined)
    return status
  },

  async build(connection, mode, sizeConfirmed = false) {
    const { name, db } = await database(connection)
    // One crawl per connection across tabs: whoever holds the lock crawls; the others show its progress.
    return navigator.locks.request(name, { ifAvailable: true }, async (lock): Promise<BuildOutcome> => {
      if (!lock) return { outcome: 'busy' }
      const controller = new AbortController()
      building = { name, controller }
      broadcast(name, { type: 'changed' })
      try {
        const outcome = await runBuild(connection, name, db, mode, controller.signal, sizeConfirmed)
        // Derived now and kept, off the build's answer: the next page load reads it instead.
        if (outcome.outcome === 'done' && outcome.records > 0) setTimeout(() => void deriveAll(connection), 0)
        return outcome
      } catch (error) {
        if (error instanceof TooLarge) return { outcome: 'tooLarge', pages: error.pages }
        if (controller.signal.aborted) {
          // Cancelled: the next page load leaves it at "Resume indexing" (a dropped index is gone anyway).
          await unwant(db).catch(() => undefined)
          return { outcome: 'cancelled' }
        }
        if (isCrawlError(error) && error.kind === 'unauthorized') {
          await dropIndex(name)
          return { outcome: 'unauthorized' }
        }
        const message = isCrawlError(error) ? error.message : 'The index could not be built.'
        broadcast(name, { type: 'failed', message })
        return { outcome: 'failed', message }
      } finally {
        building = null
        // After the lock is released, so that the status no longer says "building".
        setTimeout(() => broadcast(name, { type: 'changed' }), 0)
      }
    })
  },

  cancel() {
    building?.controller.abort()
  },

  serviceExtensions: (connection) => extensionsOf(baseOf(connection)),

  async list(connection, collection, filters, page) {
    const definition = collectionNamed(collection)
    const found = await existingDatabase(connection)
    const records = definition && found ? await completeRecords(found.db, found.name, collection) : null
    if (!definition || !records) return null
    return listPageOf(definition, records, filters, page, baseOf(connection))
  },

  async records(connection, collection, ids) {
    const found = await existingDatabase(connection)
    if (!found || !(await readMeta(found.db, collection)).complete) return null
    return readById(found.db, collection, ids)
  },

  async drop(connection) {
    const name = await connectionName(connection)
    if (building?.name === name) building.controller.abort()
    await dropIndex(name)
  },

  async exportList(connection, collection, filters, format, onProgress, exported, heard) {
    const definition = collectionNamed(collection)
    if (!definition) return { failed: 'There is no such list.' }
    const controller = new AbortController()
    exporting = controller
    try {
      // A view, or the list with the service's filters: from the complete, current index (only its records are
      // read), else read from the service.
      const view = exported?.view ?? { filters, facets: {}, ranges: {}, sort: null }
      const stale = await indexIsStale(connection, heard)
      const viewed = stale ? null : await viewRecordsOf(connection, collection, view)
      if (viewed === null && needsIndex(view))
        return {
          failed: stale
            ? 'This view is answered by the catalogue index, which was read from an earlier catalogue: refresh it to export the view.'
            : 'This view is answered by the catalogue index: build it to export the view.',
        }
      const fields = exported?.columns ?? undefined
      const records =
        viewed !== null
          ? viewed
          : await collectList<ApiRecord, string>({
              baseUrl: baseOf(connection),
              apiKey: connection.apiKey,
              fetch: (input, init) => fetch(input, init),
              list: { collection: definition, filters },
              signal: controller.signal,
              onProgress,
            })
      return {
        text:
          format === 'csv'
            ? recordsToCsv<OpenRecord>(definition, records, fields)
            : recordsToJson(records, fields),
      }
    } catch (error) {
      if (controller.signal.aborted) return { failed: 'The export was cancelled.' }
      return { failed: isCrawlError(error) ? error.message : 'The export failed.' }
    } finally {
      exporting = null
    }
  },

  cancelExport() {
    exporting?.abort()
  },

  search: searchIndex,
  searchList: searchListOf,
  view: viewOf,
  insights: (connection) => insightsOf(connection),

  characters,
}

Comlink.expose(api)
