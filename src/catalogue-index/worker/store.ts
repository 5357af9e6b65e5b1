import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb'
import type { ApiRecord, Info } from '../../catalogue'
import type { CollectionStatus } from '../protocol/worker-api'

/** What the index knows of one collection: its status, and when it was last completely read. */
export interface CollectionMeta extends CollectionStatus {
  /** When the collection was last completely read (epoch ms). */
  updatedAt: number | null
  /**
   * Read from the service's stream (contract §12): the stream's tag (a refresh asks `If-None-Match` with it;
   * a resumed read `If-Match`) and the last record stored in id order (a resumed read continues after it).
   * Absent for a collection read page by page (and in an index stored before streams).
   */
  stream?: { etag: string; after: number } | null
  /**
   * The version of the catalogue the collection was completely read from (contract §13, `Catalogue-Version`);
   * null or absent when the service named none (or in an index stored before it was kept).
   */
  catalogueVersion?: string | null
}

/** What a list page held when it was read: its ETag (for `If-None-Match`), its `info` and its record ids. */
export interface PageEntry {
  path: string
  etag: string | null
  info: Info
  ids: number[]
}

/**
 * What the worker derived from one version of the index (a search index, a list's sort and facet structures,
 * the characters, the insights), kept so that a page load reads it instead of deriving it again. One entry
 * per kind: the latest version's, written over the one before.
 */
export interface DerivedEntry {
  kind: string
  /** The index version it was derived from (`CompleteCatalogue.version`) and the format it is written in. */
  version: string
  value: unknown
}

interface IndexSchema extends DBSchema {
  records: { key: [string, number]; value: { collection: string; id: number; record: ApiRecord } }
  pages: { key: string; value: PageEntry }
  meta: { key: string; value: CollectionMeta }
  derived: { key: string; value: DerivedEntry }
}

export type IndexDb = IDBPDatabase<IndexSchema>

/** 1: records, pages, meta. 2: derived (an index built before keeps its records and derives them once). */
const VERSION = 2

/** Derived kinds no longer written, removed when an index is opened (MiniSearch's search index: megabytes). */
const RETIRED_KINDS = ['search']

/**
 * Opens (creating if needed) the index database of one connection; `onDropped` runs when another tab deletes
 * it (this connection is then closed and must not be used again).
 */
export async function openIndex(name: string, onDropped?: () => void): Promise<IndexDb> {
  return openIndexIf(name, true, onDropped)
}

/**
 * Opens the index database of one connection only if it exists: null when it does not, even when it was
 * dropped after it was seen listed (aborting the upgrade of a database being created leaves none behind).
 */
export async function openExistingIndex(name: string, onDropped?: () => void): Promise<IndexDb | null> {
  try {
    return await openIndexIf(name, false, onDropped)
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null
    throw error
  }
}

async function openIndexIf(name: string, create: boolean, onDropped?: () => void): Promise<IndexDb> {
  const db = await openDB<IndexSchema>(name, VERSION, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion === 0 && !create) {
        transaction.done.catch(() => undefined)
        transaction.abort()
        return
      }
      if (oldVersion < 1) {
        db.createObjectStore('records', { keyPath: ['collection', 'id'] })
        db.createObjectStore('pages', { keyPath: 'path' })
        db.createObjectStore('meta', { keyPath: 'collection' })
      }
      if (oldVersion < 2) db.createObjectStore('derived', { keyPath: 'kind' })
    },
    blocking(_current, _next, event) {
      // Another tab drops this index: let it.
      const target = event.target
      if (target instanceof IDBDatabase) target.close()
      onDropped?.()
    },
  })
  await Promise.all(RETIRED_KINDS.map((kind) => db.delete('derived', kind))).catch(() => undefined)
  return db
}

export function deleteIndex(name: string): Promise<void> {
  return deleteDB(name)
}

export function emptyMeta(collection: string): CollectionMeta {
  return {
    collection,
    count: null,
    pages: null,
    pagesDone: 0,
    records: 0,
    complete: false,
    wanted: false,
    updatedAt: null,
  }
}

export async function readMeta(db: IndexDb, collection: string): Promise<CollectionMeta> {
  return (await db.get('meta', collection)) ?? emptyMeta(collection)
}

/** Every record of a collection, in id order. */
export async function readRecords(db: IndexDb, collection: string): Promise<ApiRecord[]> {
  const range = IDBKeyRange.bound(
    [collection, Number.NEGATIVE_INFINITY],
    [collection, Number.POSITIVE_INFINITY],
  )
  const rows = await db.getAll('records', range)
  return rows.map((row) => row.record)
}

export async function readById(
  db: IndexDb,
  collection: string,
  ids: readonly number[],
): Promise<ApiRecord[]> {
  const tx = db.transaction('records')
  const rows = await Promise.all(ids.map((id) => tx.store.get([collection, id])))
  return rows.flatMap((row) => (row ? [row.record] : []))
}

/** Stores one page's records, its entry and the collection's progress in one transaction. */
export async function writePage(
  db: IndexDb,
  collection: string,
  records: readonly ApiRecord[],
  entry: PageEntry,
  meta: CollectionMeta,
): Promise<void> {
  const tx = db.transaction(['records', 'pages', 'meta'], 'readwrite')
  const recordStore = tx.objectStore('records')
  for (const record of records) void recordStore.put({ collection, id: record.id, record })
  void tx.objectStore('pages').put(entry)
  void tx.objectStore('meta').put(meta)
  await tx.done
}

/**
 * Stores a batch of a collection's records (from a stream) and the collection's progress in one transaction:
 * a batch is stored whole with the point to resume after it, or not at all.
 */
export async function writeRecords(
  db: IndexDb,
  collection: string,
  records: readonly ApiRecord[],
  meta: CollectionMeta,
): Promise<void> {
  const tx = db.transaction(['records', 'meta'], 'readwrite')
  const recordStore = tx.objectStore('records')
  for (const record of records) void recordStore.put({ collection, id: record.id, record })
  void tx.objectStore('meta').put(meta)
  await tx.done
}

/**
 * Removes every record of a collection and the entries of its list's pages (at `listPath`), and writes its
 * progress anew (a read starting over), in one transaction.
 */
export async function clearCollection(db: IndexDb, meta: CollectionMeta, listPath: string): Promise<void> {
  const tx = db.transaction(['records', 'pages', 'meta'], 'readwrite')
  const range = IDBKeyRange.bound(
    [meta.collection, Number.NEGATIVE_INFINITY],
    [meta.collection, Number.POSITIVE_INFINITY],
  )
  void tx.objectStore('records').delete(range)
  for (let cursor = await tx.objectStore('pages').openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.path.split('?')[0] === listPath) await cursor.delete()
  }
  void tx.objectStore('meta').put(meta)
  await tx.done
}

export async function writeMeta(db: IndexDb, meta: CollectionMeta): Promise<void> {
  await db.put('meta', meta)
}

/** Removes the records of a collection whose ids a complete re-read did not see. */
export async function removeUnseen(
  db: IndexDb,
  collection: string,
  seen: ReadonlySet<number>,
): Promise<void> {
  const range = IDBKeyRange.bound(
    [collection, Number.NEGATIVE_INFINITY],
    [collection, Number.POSITIVE_INFINITY],
  )
  const tx = db.transaction('records', 'readwrite')
  for (let cursor = await tx.store.openCursor(range); cursor; cursor = await cursor.continue()) {
    if (!seen.has(cursor.value.id)) await cursor.delete()
  }
  await tx.done
}

/** What was derived as `kind` from index version `version`; undefined when none was kept for that version. */
export async function readDerived(db: IndexDb, kind: string, version: string): Promise<unknown> {
  const entry = await db.get('derived', kind)
  return entry?.version === version ? entry.value : undefined
}

export async function writeDerived(db: IndexDb, entry: DerivedEntry): Promise<void> {
  await db.put('derived', entry)
}
