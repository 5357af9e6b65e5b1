import { createHash } from 'node:crypto'
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs'
import { type AnyCollection, COLLECTIONS, type Dataset, type DatasetOf } from '../../src/catalogue'
import { DATA_MAX_MB_VARIABLE, DEFAULT_DATA_MAX_MB } from '../config'
import { duplicateId, notADataset, notAnArray, recordProblem } from './records'

/** A dataset file that cannot be used; the message names the file, and the collection, record and field. */
export class DatasetError extends Error {
  override name = 'DatasetError'
}

const READ_FAILURES: Record<string, string> = {
  ENOENT: 'the file does not exist',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory, not a file',
}

const MB = 1024 * 1024
/** The largest dataset file read (bytes) unless CATALOGUE_DATA_MAX_MB says otherwise (server/config.ts). */
export const MAX_DATASET_BYTES = DEFAULT_DATA_MAX_MB * MB
const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Opens a dataset file for reading: refused when it cannot be read, or when it is not a regular file (a FIFO
 * would block the service until something wrote to it; a device may never end). The caller closes `fd`.
 */
export function openDatasetFile(path: string): { fd: number; stats: Stats } {
  let fd: number | null = null
  try {
    // Opened without blocking (a FIFO without a writer would block the open itself), then looked at.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
    const stats = fstatSync(fd)
    if (!stats.isFile()) {
      throw new DatasetError(
        `Dataset ${path} is not a regular file (it is a ${kindOf(stats)}): the service reads its dataset from a regular file only.`,
      )
    }
    return { fd, stats }
  } catch (error) {
    if (fd !== null) closeSync(fd)
    if (error instanceof DatasetError) throw error
    const code = (error as NodeJS.ErrnoException).code ?? ''
    throw new DatasetError(
      `Dataset ${path} cannot be read: ${READ_FAILURES[code] ?? (code || 'unknown error')}.`,
    )
  }
}

/**
 * The file's text: refused as `openDatasetFile` refuses it, when it is larger than `maxBytes` (checked before
 * reading), or when it is not valid UTF-8 (never silently replaced).
 */
function readText(path: string, maxBytes: number): { text: string; contentVersion: string } {
  const { fd, stats } = openDatasetFile(path)
  let bytes: Buffer
  try {
    if (stats.size > maxBytes) {
      throw new DatasetError(
        `Dataset ${path} is too large: it has ${Math.round(stats.size / MB)} MB, and a dataset may have at most ${maxBytes / MB} MB (${DATA_MAX_MB_VARIABLE} raises the limit).`,
      )
    }
    bytes = readFileSync(fd)
  } catch (error) {
    if (error instanceof DatasetError) throw error
    const code = (error as NodeJS.ErrnoException).code ?? ''
    throw new DatasetError(
      `Dataset ${path} cannot be read: ${READ_FAILURES[code] ?? (code || 'unknown error')}.`,
    )
  } finally {
    closeSync(fd)
  }
  try {
    return { text: utf8.decode(bytes), contentVersion: contentVersionOf(bytes) }
  } catch {
    throw new DatasetError(notUtf8(path, firstInvalidUtf8(bytes)))
  }
}

/** The sentence for a file whose bytes at `offset` are not UTF-8. */
export const notUtf8 = (path: string, offset: number) =>
  `Dataset ${path} is not valid UTF-8: the bytes at offset ${offset} do not form a character.`

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'directory'
  if (stats.isFIFO()) return 'FIFO'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device'
  if (stats.isSocket()) return 'socket'
  return 'special file'
}

/** The offset of the first byte that does not start a valid UTF-8 sequence (only called on invalid input). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0
  while (index < bytes.length) {
    const lead = bytes[index] as number
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0
    if (length === 0 || index + length > bytes.length) return index
    for (let next = 1; next < length; next++) {
      if (((bytes[index + next] as number) & 0xc0) !== 0x80) return index
    }
    const second = bytes[index + 1] as number
    // Overlong forms, surrogates and code points beyond U+10FFFF.
    if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f)) return index
    if ((lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return index
    index += length
  }
  return index
}

/** Reads and validates the catalogue's dataset file (contract section 9). Records come back sorted by id. */
export function loadDataset(path: string, maxBytes = MAX_DATASET_BYTES): Dataset {
  return loadDatasetOf(path, COLLECTIONS, maxBytes)
}

/** Reads and validates a dataset file holding the given collections. */
export function loadDatasetOf<const Cs extends readonly AnyCollection[]>(
  path: string,
  collections: Cs,
  maxBytes = MAX_DATASET_BYTES,
): DatasetOf<Cs> {
  return loadDatasetFileOf(path, collections, maxBytes).dataset
}

/** A dataset file read and validated, and its content version: a hash of its bytes (see CatalogueContent). */
export function loadDatasetFileOf<const Cs extends readonly AnyCollection[]>(
  path: string,
  collections: Cs,
  maxBytes = MAX_DATASET_BYTES,
): { dataset: DatasetOf<Cs>; contentVersion: string } {
  const { text, contentVersion } = readText(path, maxBytes)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new DatasetError(`Dataset ${path} is not valid JSON: ${(error as Error).message}.`)
  }
  return { dataset: validateDatasetOf(json, path, collections), contentVersion }
}

/** A catalogue's content version from the bytes that hold it (SHA-256, the first 128 bits, base64url). */
export function contentVersionOf(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 22)
}

/** Validates parsed JSON as the catalogue's dataset; `source` names it in messages. */
export function validateDataset(json: unknown, source: string): Dataset {
  return validateDatasetOf(json, source, COLLECTIONS)
}

/** Validates parsed JSON as a dataset of the given collections, sorting each one's records by id in place. */
export function validateDatasetOf<const Cs extends readonly AnyCollection[]>(
  json: unknown,
  source: string,
  collections: Cs,
): DatasetOf<Cs> {
  assertDataset(json, source, collections)
  return json
}

function assertDataset<Cs extends readonly AnyCollection[]>(
  json: unknown,
  source: string,
  collections: Cs,
): asserts json is DatasetOf<Cs> {
  const fail = (detail: string): never => {
    throw new DatasetError(`Dataset ${source}: ${detail}`)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    fail(notADataset(collections))
    return
  }
  for (const collection of collections) {
    const records: unknown = Reflect.get(json, collection.name)
    if (!Array.isArray(records)) fail(notAnArray(collection))
    else validateRecords(records, collection, fail)
  }
}

/** Checks every record of one collection and sorts them by id (in place: the file's own array is kept). */
function validateRecords(
  records: unknown[],
  collection: AnyCollection,
  fail: (detail: string) => never,
): void {
  const indexById = new Map<number, number>()
  for (let index = 0; index < records.length; index++) {
    const record = records[index]
    const problem = recordProblem(collection, index, record)
    if (problem !== null) fail(problem)
    // The validated record itself is kept (not zod's copy): with 100,000 records the copy doubles the peak
    // memory. Fields beyond the schema's are never read, since responses are built field by field.
    const id = idOf(record)
    const earlier = indexById.get(id)
    if (earlier !== undefined) fail(duplicateId(collection, index, record, earlier))
    indexById.set(id, index)
  }
  sortRecordsById(records)
}

/** Sorts validated records (objects with a numeric `id`) by id. */
function sortRecordsById(records: unknown[]): void {
  records.sort((a, b) => idOf(a) - idOf(b))
}

function idOf(record: unknown): number {
  const id: unknown = typeof record === 'object' && record !== null ? Reflect.get(record, 'id') : undefined
  return typeof id === 'number' ? id : 0
}
