import { type ApiRecord, COLLECTIONS, isStale, serviceBaseOr } from '../../catalogue'
import type { CollectionStatus, IndexConnection, IndexMessage, IndexStatus } from '../protocol/worker-api'
import { indexName } from './connection-name'
import {
  deleteIndex,
  emptyMeta,
  type IndexDb,
  openExistingIndex,
  openIndex,
  readDerived,
  readMeta,
  readRecords,
  writeDerived,
} from './store'

/*
 * The index's data as the worker's features read it: the open databases, the records of complete
 * collections (read once per version of the index) and the messages every tab of a connection hears.
 * Features that need the whole catalogue (search, characters, insights) read it through `completeCatalogue`.
 */

const origin = self.location.origin
const databases = new Map<string, Promise<IndexDb>>()
const recordCache = new Map<string, { updatedAt: number | null; records: Promise<ApiRecord[]> }>()

export const baseOf = (connection: IndexConnection) => serviceBaseOr(connection.baseUrl, origin)
export const collectionNames: string[] = COLLECTIONS.map((collection) => collection.name)
export const collectionNamed = (name: string) => COLLECTIONS.find((collection) => collection.name === name)

export const connectionName = (connection: IndexConnection) => indexName(connection, origin)

export async function database(connection: IndexConnection): Promise<{ name: string; db: IndexDb }> {
  const name = await connectionName(connection)
  let db = databases.get(name)
  if (!db) {
    db = openIndex(name, () => forget(name))
    databases.set(name, db)
  }
  return { name, db: await db }
}

/** The database of a connection if this browser has one; null without creating it (a dropped index stays gone). */
export async function existingDatabase(
  connection: IndexConnection,
): Promise<{ name: string; db: IndexDb } | null> {
  const name = await connectionName(connection)
  const kept = databases.get(name)
  if (kept) return { name, db: await kept }
  if (!(await indexedDB.databases()).some((known) => known.name === name)) return null
  const db = await openExistingIndex(name, () => forget(name))
  if (!db) return null
  // Another lookup opened it meanwhile: one connection is kept.
  const opened = databases.get(name)
  if (opened) {
    db.close()
    return { name, db: await opened }
  }
  databases.set(name, Promise.resolve(db))
  return { name, db }
}

export function broadcast(name: string, message: IndexMessage) {
  const channel = new BroadcastChannel(name)
  channel.postMessage(message)
  channel.close()
}

export async function statusOf(name: string, db: IndexDb): Promise<IndexStatus> {
  const metas = await Promise.all(collectionNames.map((collection) => readMeta(db, collection)))
  const collections: CollectionStatus[] = metas.map(
    ({ updatedAt: _, stream, catalogueVersion: __, ...meta }) =>
      stream ? { ...meta, streamed: true } : meta,
  )
  const complete = metas.every((meta) => meta.complete)
  const times = metas.map((meta) => meta.updatedAt)
  const versions = new Set(metas.map((meta) => meta.catalogueVersion ?? null))
  const [version] = versions
  const held = (await navigator.locks.query()).held ?? []
  return {
    collections,
    complete,
    updatedAt: complete && times.every((time) => time !== null) ? Math.min(...(times as number[])) : null,
    building: held.some((lock) => lock.name === name),
    catalogueVersion: complete && versions.size === 1 ? (version ?? null) : null,
  }
}

/**
 * Whether the complete index of `connection` was read from another catalogue than `heard`, the version the page
 * last heard the service name (contract §13); never when either is unknown.
 */
export async function indexIsStale(
  connection: IndexConnection,
  heard: string | null | undefined,
): Promise<boolean> {
  if (typeof heard !== 'string') return false
  const found = await existingDatabase(connection)
  if (!found) return false
  const status = await statusOf(found.name, found.db)
  return status.complete && isStale(status.catalogueVersion, heard)
}

/** The status of a connection without an index. */
export async function emptyStatus(name: string): Promise<IndexStatus> {
  const held = (await navigator.locks.query()).held ?? []
  return {
    collections: collectionNames.map((collection) => {
      const { updatedAt: _, ...meta } = emptyMeta(collection)
      return meta
    }),
    complete: false,
    updatedAt: null,
    building: held.some((lock) => lock.name === name),
    catalogueVersion: null,
  }
}

/** The records of one completely stored collection, or null while it is incomplete. */
export async function completeRecords(
  db: IndexDb,
  name: string,
  collection: string,
): Promise<ApiRecord[] | null> {
  const meta = await readMeta(db, collection)
  if (!meta.complete) return null
  const key = `${name}\n${collection}`
  // One connection's records at a time: another's are forgotten when this one's are read.
  for (const known of recordCache.keys()) if (!known.startsWith(`${name}\n`)) recordCache.delete(known)
  let cached = recordCache.get(key)
  if (!cached || cached.updatedAt !== meta.updatedAt) {
    cached = { updatedAt: meta.updatedAt, records: readRecords(db, collection) }
    recordCache.set(key, cached)
  }
  return cached.records
}

/** A complete index: every collection's records by collection name, and the version they are of. */
export interface CompleteCatalogue {
  /** Changes whenever any collection is re-read; derived data (search, characters, insights) keys on it. */
  version: string
  records: ReadonlyMap<string, readonly ApiRecord[]>
}

/**
 * Each index's version (null: incomplete), known until a message of its channel says it changed: every build,
 * refresh or drop, in this tab or another, sends one (`broadcast`), and this worker hears its own too. A view,
 * a search or a character then answers without reading the collections' state first.
 */
const knownVersions = new Map<string, Promise<string | null>>()
const listening = new Map<string, BroadcastChannel>()

function listenForChanges(name: string) {
  if (listening.has(name)) return
  const channel = new BroadcastChannel(name)
  channel.onmessage = () => knownVersions.delete(name)
  listening.set(name, channel)
}

async function readVersion(name: string, db: IndexDb): Promise<string | null> {
  const metas = await Promise.all(collectionNames.map((collection) => readMeta(db, collection)))
  if (!metas.every((meta) => meta.complete)) return null
  return `${name}\n${metas.map((meta) => meta.updatedAt).join(',')}`
}

/** The version of a complete index, read from its collections' state alone (no record is read). */
export async function completeVersion(
  connection: IndexConnection,
): Promise<{ name: string; db: IndexDb; version: string } | null> {
  const existing = await existingDatabase(connection)
  if (!existing) return null
  const { name, db } = existing
  listenForChanges(name)
  let known = knownVersions.get(name)
  if (!known) {
    known = readVersion(name, db)
    knownVersions.set(name, known)
    known.catch(() => knownVersions.delete(name))
  }
  const version = await known
  return version === null ? null : { name, db, version }
}

/** Every collection's records when the whole index is complete, or null (without creating an index). */
export async function completeCatalogue(connection: IndexConnection): Promise<CompleteCatalogue | null> {
  const complete = await completeVersion(connection)
  if (!complete) return null
  const { name, db, version } = complete
  const lists = await Promise.all(collectionNames.map((collection) => completeRecords(db, name, collection)))
  const records = new Map<string, readonly ApiRecord[]>()
  for (const [i, collection] of collectionNames.entries()) {
    const list = lists[i]
    if (!list) return null
    records.set(collection, list)
  }
  return { version, records }
}

/**
 * How a derived value is kept in the index's database, so that a page load reads it instead of deriving it
 * again: its kind, a structured-cloneable form of it, and the value again from that form.
 */
export interface Keeping<T, S> {
  kind: string
  /**
   * The form's version: a change of `save`'s output changes it, so that a form written by other code is never
   * read (it is derived again instead).
   */
  format: number
  save(value: T): S
  /** The value from its kept form, or null when the form does not serve (it is derived again then). */
  restore(saved: S): T | null | Promise<T | null>
}

/** What `perVersion` answers: the value and the version of the index it is of. */
export interface Derived<T> {
  version: string
  value: T
}

/**
 * Data derived from the complete catalogue, kept for one version of one index (the version names the
 * database): derived again only when the index changes or another connection's index is asked for. With
 * `keeping`, the value is also kept in the index's database once derived (after the answer, off its path) and
 * read from there by the next page load of the same version instead of being derived again.
 */
export function perVersion<T, S = never>(
  derive: (catalogue: CompleteCatalogue) => T,
  keeping?: Keeping<T, S>,
) {
  let kept: { version: string; value: Promise<T | null> } | null = null
  const obtain = async (connection: IndexConnection, db: IndexDb, version: string): Promise<T | null> => {
    const key = `${keeping?.format}\n${version}`
    if (keeping) {
      const saved = await readDerived(db, keeping.kind, key).catch(() => undefined)
      // Written by `keeping.save` under the same kind, format and index version; unreadable, it is derived again.
      if (saved !== undefined) {
        const restored = await Promise.resolve()
          .then(() => keeping.restore(saved as S))
          .catch(() => null)
        if (restored !== null) return restored
      }
    }
    const catalogue = await completeCatalogue(connection)
    if (!catalogue) return null
    const value = derive(catalogue)
    if (keeping && catalogue.version === version) {
      // Not kept (a value that cannot be stored, a full disk): derived again by the next page load.
      setTimeout(() => {
        Promise.resolve()
          .then(() => writeDerived(db, { kind: keeping.kind, version: key, value: keeping.save(value) }))
          .catch(() => undefined)
      }, 0)
    }
    return value
  }
  return async (connection: IndexConnection): Promise<Derived<T> | null> => {
    const complete = await completeVersion(connection)
    if (!complete) return null
    if (kept?.version !== complete.version) {
      kept = { version: complete.version, value: obtain(connection, complete.db, complete.version) }
    }
    const { version, value } = kept
    const found = await value
    return found === null ? null : { version, value: found }
  }
}

/** Forgets the open database of an index and the records read from it. */
function forget(name: string) {
  databases.delete(name)
  knownVersions.delete(name)
  for (const key of recordCache.keys()) if (key.startsWith(`${name}\n`)) recordCache.delete(key)
}

export async function dropIndex(name: string) {
  const db = databases.get(name)
  forget(name)
  if (db) (await db).close()
  await deleteIndex(name)
  broadcast(name, { type: 'changed' })
}
