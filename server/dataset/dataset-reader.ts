import { closeSync, read, readSync } from 'node:fs'
import { promisify } from 'node:util'
import { getManyValues, isMany, none } from 'stream-chain/core'
import { Assembler } from 'stream-json/core/assembler.js'
import { jsonParser, type Token } from 'stream-json/core/parser.js'
import { jsonVerifier } from 'stream-json/core/utils/verifier.js'
import { type AnyCollection, type DatasetRecord, MAX_TEXT_CHARACTERS, TOO_LONG } from '../../src/catalogue'
import { DatasetError, firstInvalidUtf8, notUtf8, openDatasetFile } from './load'
import { duplicateId, notADataset, notAnArray, recordAt, recordProblem } from './records'

/** Where the records of a streamed dataset go, collection by collection, in the file's order. */
export interface RecordSink {
  /** A collection's array begins. */
  begin(collection: AnyCollection): void | Promise<void>
  /** Valid records of the collection; `first` is the index in the file's array of the first of them. */
  records(collection: AnyCollection, records: DatasetRecord[], first: number): void | Promise<void>
  /** A collection's array ended, after `count` records. */
  end(collection: AnyCollection, count: number): void | Promise<void>
}

/** What a streamed dataset held, once every record was valid. */
export interface StreamedDataset {
  /** Records by collection name. */
  counts: Record<string, number>
  /** Collections whose records came in ascending id order: their file order is their order by id. */
  ascending: Set<string>
  /** The file's size in bytes. */
  bytes: number
}

/** How far a streamed read has come. */
export type StreamProgress = { bytesRead: number; bytes: number; records: number }

const readAt = promisify(read)

/** Bytes read at a time: the parser keeps the unparsed rest of a read, so a small read keeps memory low. */
const READ_BYTES = 64 * 1024

/**
 * Reads a dataset file of any size as a stream (stream-json's tokenizer), checking every record with the file
 * loader's rules and sentences (records.ts) as it comes and handing valid ones to `sink`, a batch per read, so
 * that memory does not grow with the file (beyond a few bytes per record to find duplicate ids; more when the
 * file is not in id order). The first problem met throws a DatasetError: a record's, a duplicate id (with both
 * records' indexes), bytes that are not UTF-8 or JSON (with the byte offset), a collection missing.
 */
export async function streamDataset(
  path: string,
  collections: readonly AnyCollection[],
  sink: RecordSink,
  onProgress?: (progress: StreamProgress) => void,
): Promise<StreamedDataset> {
  const { fd, stats } = openDatasetFile(path)
  const fail = (detail: string): never => {
    throw new DatasetError(`Dataset ${path}: ${detail}`)
  }
  const reader = new DatasetReader(collections, fail)
  // Strings and keys come in chunks, so that one too long is refused as it is read, never held whole.
  const parse = stage(jsonParser({ packKeys: false, packStrings: false, streamNumbers: false }))
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let bytesRead = 0
  try {
    for (;;) {
      const { bytesRead: size, buffer } = await readAt(
        fd,
        Buffer.allocUnsafe(READ_BYTES),
        0,
        READ_BYTES,
        bytesRead,
      )
      if (size === 0) break
      const chunk = buffer.subarray(0, size)
      let text: string
      try {
        text = decoder.decode(chunk, { stream: true })
      } catch {
        throw new DatasetError(notUtf8(path, utf8ErrorOffset(fd)))
      }
      bytesRead += size
      reader.read(tokensOf(parse, text, path, fd))
      await reader.flush(sink)
      onProgress?.({ bytesRead, bytes: stats.size, records: reader.records })
    }
    try {
      decoder.decode()
    } catch {
      throw new DatasetError(notUtf8(path, utf8ErrorOffset(fd)))
    }
    reader.read(tokensOf(parse, none, path, fd))
    await reader.flush(sink)
  } finally {
    closeSync(fd)
  }
  return { ...reader.finish(), bytes: stats.size }
}

/** A stage of stream-json: text in (`none` at the end, which its types leave out), tokens or nothing out. */
type Stage = (input: string | typeof none) => unknown
const stage = (flushable: ReturnType<typeof jsonParser> | ReturnType<typeof jsonVerifier>) =>
  flushable as unknown as Stage

/** The tokens of one piece of text (or of the end, `none`); a syntax error becomes a DatasetError. */
function tokensOf(parse: Stage, text: string | typeof none, path: string, fd: number): readonly Token[] {
  let out: unknown
  try {
    out = parse(text)
  } catch {
    throw new DatasetError(syntaxError(path, fd))
  }
  if (out === none) return []
  return isMany(out) ? (getManyValues(out) as Token[]) : [out as Token]
}

type Step =
  | { kind: 'begin'; collection: AnyCollection }
  | { kind: 'records'; collection: AnyCollection; records: DatasetRecord[]; first: number }
  | { kind: 'end'; collection: AnyCollection; count: number }

/** Duplicate ids of one collection: free while ids ascend; a map of every id once they do not. */
class IdCheck {
  private last = Number.NEGATIVE_INFINITY
  private ascendingIds: number[] | null = []
  private byId: Map<number, number> | null = null

  get ascending(): boolean {
    return this.byId === null
  }

  /** The index of an earlier record with this id, if any. */
  earlier(id: number, index: number): number | undefined {
    if (this.byId === null && id > this.last) {
      this.last = id
      this.ascendingIds?.push(id)
      return undefined
    }
    if (this.byId === null) {
      // The first id out of order: from now on every id is looked up.
      this.byId = new Map((this.ascendingIds ?? []).map((each, at) => [each, at]))
      this.ascendingIds = null
    }
    const found = this.byId.get(id)
    if (found === undefined) this.byId.set(id, index)
    return found
  }
}

/** The dataset's structure as its tokens come: the outer object, each collection's array, each record. */
class DatasetReader {
  records = 0
  private depth = 0
  private key: string | null = null
  /** Containers still open in the value of a key that is no collection (skipped, as the file loader does). */
  private skipping = 0
  private collection: AnyCollection | null = null
  private index = 0
  private assembler: Assembler | null = null
  private batch: DatasetRecord[] = []
  private batchFirst = 0
  private steps: Step[] = []
  private readonly counts = new Map<string, number>()
  private readonly ids = new Map<string, IdCheck>()
  private readonly byName: Map<string, AnyCollection>
  private ended = false
  /** The string or key being read, and whether it ran past the most a text may hold. */
  private gathered = ''
  private overlong = false
  private inKey = false

  constructor(
    private readonly collections: readonly AnyCollection[],
    private readonly fail: (detail: string) => never,
  ) {
    this.byName = new Map(collections.map((collection) => [collection.name, collection]))
  }

  read(tokens: readonly Token[]): void {
    for (const token of tokens) this.text(token)
    this.closeBatch()
  }

  /** Hands what the last read made to the sink, in order. */
  async flush(sink: RecordSink): Promise<void> {
    const steps = this.steps
    this.steps = []
    for (const step of steps) {
      if (step.kind === 'begin') await sink.begin(step.collection)
      else if (step.kind === 'records') await sink.records(step.collection, step.records, step.first)
      else await sink.end(step.collection, step.count)
    }
  }

  finish(): Omit<StreamedDataset, 'bytes'> {
    if (!this.ended) this.fail(notADataset(this.collections))
    for (const collection of this.collections)
      if (!this.counts.has(collection.name)) this.fail(notAnArray(collection))
    const ascending = new Set([...this.ids].filter(([, check]) => check.ascending).map(([name]) => name))
    return { counts: Object.fromEntries(this.counts), ascending }
  }

  /**
   * Gathers a string's or a key's chunks into one value, at most twice MAX_TEXT_CHARACTERS UTF-16 units (a
   * character is one or two): a longer one in a record is refused at once; elsewhere (a key or value the
   * dataset does not read) it is cut, never held whole, and can name no collection.
   */
  private text(token: Token): void {
    if (token.name === 'startString' || token.name === 'startKey') {
      this.gathered = ''
      this.overlong = false
      this.inKey = token.name === 'startKey'
      return
    }
    if (token.name === 'stringChunk') {
      if (this.overlong) return
      if (this.gathered.length + token.value.length > 2 * MAX_TEXT_CHARACTERS) {
        this.overlong = true
        if (this.assembler) this.fail(this.tooLong(this.assembler))
        return
      }
      this.gathered += token.value
      return
    }
    if (token.name === 'endString' || token.name === 'endKey') {
      const value = this.overlong ? '\u0000' : this.gathered
      this.gathered = ''
      this.token({ name: token.name === 'endKey' ? 'keyValue' : 'stringValue', value })
      return
    }
    this.token(token)
  }

  /** The sentence for a text too long in the record being read: the field's value, or a name of a field. */
  private tooLong(assembler: Assembler): string {
    const where = recordAt(this.collection as AnyCollection, this.index, assembler.current)
    const field = assembler.key
    if (!this.inKey && typeof field === 'string' && assembler.depth === 1)
      return `${where}: "${field}" ${TOO_LONG}`
    return `${where}: a field's name or value ${TOO_LONG}`
  }

  private token(token: Token): void {
    if (this.assembler) {
      this.assembler.consume(token)
      if (this.assembler.done) this.record(this.assembler.current)
      return
    }
    if (this.skipping > 0) {
      if (token.name === 'startObject' || token.name === 'startArray') this.skipping++
      else if (token.name === 'endObject' || token.name === 'endArray') this.skipping--
      return
    }
    if (this.depth === 0) {
      if (token.name !== 'startObject') this.fail(notADataset(this.collections))
      this.depth = 1
    } else if (this.depth === 1) this.inDataset(token)
    else if (token.name === 'endArray') this.endCollection()
    else {
      this.assembler = new Assembler()
      this.assembler.consume(token)
      if (this.assembler.done) this.record(this.assembler.current)
    }
  }

  private inDataset(token: Token): void {
    if (token.name === 'keyValue') {
      this.key = token.value
      return
    }
    if (token.name === 'endObject') {
      this.depth = 0
      this.ended = true
      return
    }
    const collection = this.key === null ? undefined : this.byName.get(this.key)
    if (collection === undefined) {
      if (token.name === 'startObject' || token.name === 'startArray') this.skipping = 1
      return
    }
    if (token.name !== 'startArray') this.fail(notAnArray(collection))
    if (this.counts.has(collection.name))
      this.fail(`"${collection.name}" is given twice; a dataset has each collection once`)
    this.collection = collection
    this.index = 0
    this.batchFirst = 0
    this.ids.set(collection.name, new IdCheck())
    this.depth = 2
    this.steps.push({ kind: 'begin', collection })
  }

  private record(value: unknown): void {
    this.assembler = null
    const collection = this.collection as AnyCollection
    const problem = recordProblem(collection, this.index, value)
    if (problem !== null) this.fail(problem)
    const record = value as DatasetRecord
    const earlier = this.ids.get(collection.name)?.earlier(record.id, this.index)
    if (earlier !== undefined) this.fail(duplicateId(collection, this.index, record, earlier))
    this.batch.push(record)
    this.index++
    this.records++
  }

  private endCollection(): void {
    const collection = this.collection as AnyCollection
    this.closeBatch()
    this.counts.set(collection.name, this.index)
    this.steps.push({ kind: 'end', collection, count: this.index })
    this.collection = null
    this.depth = 1
  }

  private closeBatch(): void {
    if (this.collection === null || this.batch.length === 0) return
    this.steps.push({
      kind: 'records',
      collection: this.collection,
      records: this.batch,
      first: this.batchFirst,
    })
    this.batchFirst += this.batch.length
    this.batch = []
  }
}

/** Reads the open file again from its start, in pieces. */
function* piecesOf(fd: number): Generator<Buffer> {
  let position = 0
  for (;;) {
    const buffer = Buffer.allocUnsafe(READ_BYTES)
    const read = readSync(fd, buffer, 0, READ_BYTES, position)
    if (read === 0) return
    position += read
    yield buffer.subarray(0, read)
  }
}

/** The offset of the first byte that does not form a UTF-8 character (called once decoding has failed). */
function utf8ErrorOffset(fd: number): number {
  let base = 0
  let carry = Buffer.alloc(0)
  for (const piece of piecesOf(fd)) {
    const bytes = Buffer.concat([carry, piece])
    const bad = firstInvalidUtf8(bytes)
    // Up to three bytes at the end may be a character the next piece completes.
    if (bad < bytes.length && bytes.length - bad >= 4) return base + bad
    base += bad
    carry = bytes.subarray(bad)
  }
  return base
}

const BOM = [0xef, 0xbb, 0xbf]

/**
 * The sentence for a file that is not JSON, with the byte offset, line and column of the problem: found by
 * stream-json's verifier reading the file again (its offset counts UTF-16 units, turned into bytes here).
 */
function syntaxError(path: string, fd: number): string {
  const verify = stage(jsonVerifier())
  const decoder = new TextDecoder('utf-8')
  const first = Buffer.alloc(3)
  const hasBom = readSync(fd, first, 0, 3, 0) === 3 && BOM.every((byte, index) => first[index] === byte)
  let units = 0
  let bytes = hasBom ? 3 : 0
  // The text of the last few pieces, to count the bytes up to an offset the verifier found in any of them.
  const recent: { text: string; units: number; bytes: number }[] = []
  const located = (error: { offset?: number; line?: number; pos?: number; message: string }) => {
    const offset = error.offset ?? units
    const piece = [...recent].reverse().find((each) => each.units <= offset) ?? { text: '', units, bytes }
    const at = piece.bytes + Buffer.byteLength(piece.text.slice(0, offset - piece.units))
    const reason = error.message.replace(/^.*?Verifier (cannot parse input: |has )/, '')
    return `Dataset ${path} is not valid JSON: ${reason} at byte ${at} (line ${error.line}, column ${error.pos}).`
  }
  try {
    for (const piece of piecesOf(fd)) {
      const text = decoder.decode(piece, { stream: true })
      recent.push({ text, units, bytes })
      if (recent.length > 4) recent.shift()
      verify(text)
      units += text.length
      bytes += Buffer.byteLength(text)
    }
    verify(none)
  } catch (error) {
    return located(error as Error)
  }
  return `Dataset ${path} is not valid JSON.`
}
