import {
  type ApiRecord,
  CATALOGUE_VERSION_HEADER,
  type CollectionView,
  ErrorBodySchema,
  serviceBase,
} from '../catalogue'
import { STREAM_RECORDS_HEADER, streamPath } from '../catalogue/views/stream'
import { type Clock, realClock } from './clock'
import { CrawlError, isCrawlError } from './errors'
import type { Crawlable, ListTarget } from './lists'
import { retryAfterMs } from './pacer'
import {
  causeCode,
  describeIssue,
  fetchWithinOrigin,
  MAX_RATE_LIMITED,
  MAX_RETRIES,
  MAX_RETRY_AFTER_MS,
  redact,
} from './read-page'

/*
 * A whole list in one answer (contract §12, streams): the records of `_export=ndjson`, one JSON record a line,
 * read as they come and handed on in batches. The crawler's limits (contract §11) become, for a stream: an idle
 * timeout between bytes (a stream of 100,000 records takes as long as it takes, but never goes silent), a
 * limit on each record's size, and the origin rule. An interrupted stream resumes after the last record
 * handed on (`_after`), naming the stream it continues (`If-Match`), so the records handed on are exactly
 * those of one uninterrupted stream.
 */

/** The longest silence between two chunks of a stream (ms) before it counts as interrupted. */
export const STREAM_IDLE_TIMEOUT_MS = 30_000
/** The largest record (one line, in bytes): a record is a few hundred bytes; more is not a catalogue's record. */
export const MAX_RECORD_BYTES = 1024 * 1024
/** Records handed on at a time. */
export const STREAM_BATCH = 1000

export interface StreamLimits {
  idleTimeoutMs: number
  maxRecordBytes: number
  maxRetryAfterMs: number
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  idleTimeoutMs: STREAM_IDLE_TIMEOUT_MS,
  maxRecordBytes: MAX_RECORD_BYTES,
  maxRetryAfterMs: MAX_RETRY_AFTER_MS,
}

/** Where an earlier read of the stream stopped: its tag, the last record stored, and how many were. */
export interface StreamResume {
  etag: string
  after: number
  records: number
}

/** A list a stream reads: its collection (with the record schema every line is checked against) and filters. */
export type StreamedList<R extends ApiRecord = ApiRecord> = ListTarget<R> & {
  collection: Crawlable<R> & Pick<CollectionView<R>, 'record'> & Parameters<typeof streamPath>[0]
}

export interface StreamProgress {
  /** Records handed on, those of an earlier read included. */
  records: number
  /** Records of the whole stream, once its answer said; null before. */
  total: number | null
  /** Requests sent by this read, retries included. */
  requests: number
  retries: number
  pause: { reason: 'rateLimited' | 'failed'; ms: number } | null
}

export interface StreamReadOptions<R extends ApiRecord = ApiRecord> {
  baseUrl: string
  apiKey: string
  fetch: typeof fetch
  list: StreamedList<R>
  /** Continue an earlier read (`_after`, `If-Match`). */
  resume?: StreamResume | null
  /** The tag of a complete copy held: answered `notModified` while the list is the same. */
  ifNoneMatch?: string | null
  /** Receives the records in order, a batch at a time, with the point to resume from after them; awaited. */
  onRecords: (records: R[], resume: StreamResume) => Promise<void> | void
  onProgress?: (progress: StreamProgress) => void
  signal?: AbortSignal
  clock?: Clock
  wallClock?: () => number
  limits?: Partial<StreamLimits>
  batchSize?: number
}

export type StreamOutcome =
  /** `catalogueVersion`: what the stream's answer named (contract §13), null when it named none. */
  | { outcome: 'done'; etag: string; records: number; catalogueVersion: string | null }
  /** `ifNoneMatch` still names the list. */
  | { outcome: 'notModified' }
  /** The list changed since the read being resumed began (412): start again from nothing. */
  | { outcome: 'changed' }

/** Why an attempt stopped short: the connection, a silence, a server's failure, a refusal to wait out. */
class Interrupted extends Error {
  constructor(
    readonly reason: 'failed' | 'rateLimited',
    readonly cause: unknown,
    readonly waitMs = 0,
  ) {
    super(reason)
  }
}

/**
 * Reads a list's stream to its end, handing its records on in batches, resuming after an interruption (a
 * network failure, a 5xx, a silence longer than the idle timeout, an answer cut short) from the last record
 * handed on. Rejects with a CrawlError, or with the signal's reason when cancelled.
 */
export async function readStream<R extends ApiRecord>(options: StreamReadOptions<R>): Promise<StreamOutcome> {
  const clock = options.clock ?? realClock
  const limits = { ...DEFAULT_STREAM_LIMITS, ...options.limits }
  const base = serviceBase(options.baseUrl)
  const { list } = options
  const name = list.collection.name
  const signal = options.signal ?? new AbortController().signal
  let resume = options.resume ?? null
  const progress: StreamProgress = {
    records: resume?.records ?? 0,
    total: null,
    requests: 0,
    retries: 0,
    pause: null,
  }
  let failures = 0
  let rateLimited = 0
  for (;;) {
    signal.throwIfAborted()
    const before = progress.records
    try {
      const outcome = await attempt()
      return outcome
    } catch (error) {
      signal.throwIfAborted()
      if (!(error instanceof Interrupted)) throw error
      if (error.reason === 'rateLimited') {
        if (++rateLimited > MAX_RATE_LIMITED)
          throw new CrawlError(
            'rateLimited',
            `The service kept answering “too many requests” (${MAX_RATE_LIMITED} times in a row) for the stream of ${name}.`,
            429,
          )
        await pause('rateLimited', error.waitMs)
        continue
      }
      // An attempt that handed records on made progress: its failure starts the count again.
      if (progress.records > before) failures = 0
      if (failures >= MAX_RETRIES) throw failed(error.cause)
      await pause('failed', Math.min(500 * 2 ** failures, 8000))
      failures++
    }
  }

  async function pause(reason: 'rateLimited' | 'failed', ms: number) {
    progress.retries++
    progress.pause = { reason, ms }
    options.onProgress?.({ ...progress })
    await clock.sleep(ms, signal)
    progress.pause = null
  }

  function failed(cause: unknown): CrawlError {
    if (isCrawlError(cause)) return cause
    if (cause === IDLE)
      return new CrawlError(
        'timeout',
        `The stream of ${name} stayed silent for ${limits.idleTimeoutMs / 1000} s, ${MAX_RETRIES + 1} attempts.`,
      )
    if (typeof cause === 'number')
      return new CrawlError(
        'server',
        `The service kept failing (${cause}) for the stream of ${name}, ${MAX_RETRIES + 1} attempts.`,
        cause,
      )
    const code = causeCode(cause)
    return new CrawlError(
      'network',
      `The service could not be reached for the stream of ${name} after ${MAX_RETRIES + 1} attempts${code ? ` (${code})` : ''}.`,
    )
  }

  async function attempt(): Promise<StreamOutcome> {
    const controller = new AbortController()
    // The idle timeout: started again by every chunk, stopped while the records are handed on.
    let silence: AbortController | null = null
    const hush = () => {
      silence?.abort()
      silence = null
    }
    const quiet = () => {
      hush()
      const current = new AbortController()
      silence = current
      clock.sleep(limits.idleTimeoutMs, current.signal).then(
        () => controller.abort(IDLE),
        () => undefined,
      )
    }
    const attemptSignal = AbortSignal.any([signal, controller.signal])
    const path = streamPath(list.collection, list.filters ?? {}, null, {
      format: 'ndjson',
      columns: null,
      after: resume?.after ?? null,
    })
    const headers: Record<string, string> = { Accept: 'application/x-ndjson' }
    if (resume) headers['If-Match'] = resume.etag
    else if (options.ifNoneMatch) headers['If-None-Match'] = options.ifNoneMatch
    progress.requests++
    options.onProgress?.({ ...progress })
    quiet()
    try {
      let response: Response
      try {
        response = await fetchWithinOrigin(
          { base, apiKey: options.apiKey, fetch: options.fetch },
          `${base}${path}`,
          `the stream of ${name}`,
          attemptSignal,
          headers,
        )
      } catch (error) {
        if (isCrawlError(error)) throw error
        throw new Interrupted('failed', controller.signal.aborted ? IDLE : error)
      }
      const { status } = response
      if (status === 304 && !resume && options.ifNoneMatch) return { outcome: 'notModified' }
      if (status === 412 && resume) return { outcome: 'changed' }
      if (status === 429) {
        await response.body?.cancel().catch(() => undefined)
        const wait = retryAfterMs(response.headers, (options.wallClock ?? Date.now)())
        if (wait > limits.maxRetryAfterMs)
          throw new CrawlError(
            'rateLimited',
            `The service asked to wait ${Math.round(wait / 1000).toLocaleString('en-US')} s before the stream of ${name} (Retry-After), longer than the ${limits.maxRetryAfterMs / 1000} s this crawl waits; run it again later.`,
            status,
          )
        throw new Interrupted('rateLimited', status, wait)
      }
      if (status >= 500) {
        await response.body?.cancel().catch(() => undefined)
        throw new Interrupted('failed', status)
      }
      if (status !== 200) throw await refusal(response, name, options.apiKey)
      const etag = response.headers.get('ETag')
      const catalogueVersion = response.headers.get(CATALOGUE_VERSION_HEADER)
      const count = Number(response.headers.get(STREAM_RECORDS_HEADER))
      if (etag === null || !Number.isSafeInteger(count) || count < 0 || response.body === null)
        throw new CrawlError(
          'invalidPage',
          `The service answered the stream of ${name} without its ETag or ${STREAM_RECORDS_HEADER} header.`,
          status,
        )
      progress.total = progress.records + count
      options.onProgress?.({ ...progress })
      const expected = progress.total
      let last = resume?.after ?? 0
      let batch: R[] = []
      const handOn = async () => {
        if (batch.length === 0) return
        const records = batch
        batch = []
        resume = { etag, after: last, records: progress.records + records.length }
        // The time the caller takes to store them is not the service's silence.
        hush()
        await options.onRecords(records, resume)
        quiet()
        progress.records += records.length
        options.onProgress?.({ ...progress })
      }
      const read = lines(response.body, limits.maxRecordBytes, name, quiet, attemptSignal)
      try {
        for (;;) {
          let next: IteratorResult<string>
          try {
            next = await read.next()
          } catch (error) {
            if (isCrawlError(error)) throw error
            // What arrived whole is kept: the next attempt continues after it.
            await handOn()
            throw new Interrupted('failed', controller.signal.aborted ? IDLE : error)
          }
          if (next.done) break
          const record = recordOf(list, next.value, progress.records + batch.length + 1)
          if (record.id <= last)
            throw new CrawlError(
              'changed',
              `The stream of ${name} was not in id order: ${record.id} came after ${last}.`,
            )
          last = record.id
          batch.push(record)
          if (progress.records + batch.length > expected)
            throw new CrawlError(
              'invalidPage',
              `The stream of ${name} held more records than the ${count} it announced.`,
            )
          if (batch.length >= (options.batchSize ?? STREAM_BATCH)) await handOn()
        }
      } finally {
        await read.return(undefined)
      }
      await handOn()
      // An answer that ended before its last record was cut short: continue after what came.
      if (progress.records < expected) throw new Interrupted('failed', new Error('cut short'))
      return { outcome: 'done', etag, records: progress.records, catalogueVersion }
    } finally {
      hush()
    }
  }
}

/** The reason a stream's attempt is aborted for when it stays silent. */
const IDLE = Symbol('idle')

/** The lines of a body, each as text, split on the newline byte; `heard` is called for every chunk. */
async function* lines(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  name: string,
  heard: () => void,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  const reader = body.getReader()
  // A body the abort does not reach by itself (not fetch's) is cancelled: its pending read ends.
  const onAbort = () => void reader.cancel(signal.reason).catch(() => undefined)
  signal.addEventListener('abort', onAbort, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      signal.throwIfAborted()
      if (done) break
      heard()
      let start = 0
      for (let end = value.indexOf(10); end !== -1; end = value.indexOf(10, start)) {
        if (pendingBytes + end - start > maxBytes) throw tooLarge(name, maxBytes)
        const part = value.subarray(start, end)
        const text = pending.length === 0 ? decoder.decode(part) : decoder.decode(join([...pending, part]))
        pending = []
        pendingBytes = 0
        start = end + 1
        if (text.trim() !== '') yield text
      }
      if (start < value.length) {
        pending.push(value.slice(start))
        pendingBytes += value.length - start
        if (pendingBytes > maxBytes) throw tooLarge(name, maxBytes)
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort)
    reader.cancel().catch(() => undefined)
  }
  // A last line without its newline is a record cut short: the stream resumes before it.
}

function join(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    joined.set(part, offset)
    offset += part.length
  }
  return joined
}

function tooLarge(name: string, maxBytes: number): CrawlError {
  return new CrawlError(
    'tooLarge',
    `The stream of ${name} held a record larger than ${maxBytes / 1024 / 1024} MB, larger than a record can be; the crawl stops.`,
  )
}

function recordOf<R extends ApiRecord>(list: StreamedList<R>, line: string, index: number): R {
  const where = `record ${index.toLocaleString('en-US')} of the stream of ${list.collection.name}`
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    throw new CrawlError('invalidPage', `The service sent ${where} as something that is not JSON.`)
  }
  const parsed = list.collection.record.safeParse(value)
  if (!parsed.success)
    throw new CrawlError('invalidPage', `The service sent ${where} as ${describeIssue(parsed.error)}.`)
  return parsed.data
}

async function refusal(response: Response, name: string, key: string): Promise<CrawlError> {
  const { status } = response
  const text = await response.text().catch(() => '')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const error = ErrorBodySchema.safeParse(body).data?.error
  const detail = error ? `: ${redact(error, key)}` : ''
  if (status === 401 || status === 403)
    return new CrawlError('unauthorized', `The service refused the API key (${status}).`, status)
  if (status === 404)
    return new CrawlError('notFound', `The service has no stream of ${name} (404)${detail}.`, 404)
  return new CrawlError(
    'badRequest',
    `The service refused the stream of ${name} (${status})${detail}.`,
    status,
  )
}
