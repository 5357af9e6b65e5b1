import type { ApiRecord } from '../catalogue'
import { serviceBase } from '../catalogue'
import { type Clock, realClock } from './clock'
import { CrawlError } from './errors'
import { type CrawledPage, describePage, type ListTarget, type Page } from './lists'
import { RateLimitPacer } from './pacer'
import { type CrawlLimits, DEFAULT_CRAWL_LIMITS, type PageReaderContext, readPage } from './read-page'

/** Requests in flight at most: enough to hide a round trip, few enough to be a polite client. */
export const CONCURRENCY = 2

/** Where an earlier crawl of a list stopped: the last page stored, the list's page count then, records stored. */
export interface ResumePoint {
  page: number
  pages: number
  records: number
}

export interface CrawlProgress {
  /** Pages read and handed on, resumed ones included. */
  pagesDone: number
  /** Pages of every list, known once each list's first page has been read. */
  pagesTotal: number | null
  records: number
  /** Records of every list, when a crawl knows it before the end (a stream's reader does); else absent or null. */
  recordsTotal?: number | null
  /** Requests sent by this crawl, retries included. */
  requests: number
  retries: number
  requestsPerSecond: number
  /** Estimated from this crawl's pace so far; null until a page has been read. */
  secondsLeft: number | null
  /** Why the crawl is pausing right now, if it is: the service's rate limit, or a failure being retried. */
  pause: { reason: 'rateLimited' | 'failed'; ms: number } | null
}

export interface CrawlOptions<R extends ApiRecord = ApiRecord> {
  /** The configured service address; the host of `next` addresses in answers is never followed. */
  baseUrl: string
  apiKey: string
  fetch: typeof fetch
  /** The lists to read, such as both whole collections, or one collection with filters. */
  lists: readonly ListTarget<R>[]
  /** Receives every page, in page order within each list; the crawl waits for it (back-pressure). */
  onPage: (page: CrawledPage<R>) => void | Promise<void>
  onProgress?: (progress: CrawlProgress) => void
  /** Per list (same positions as `lists`): where an earlier crawl stopped. */
  resume?: readonly (ResumePoint | null | undefined)[]
  signal?: AbortSignal
  clock?: Clock
  /** Epoch milliseconds, for a `Retry-After` given as an HTTP date. */
  wallClock?: () => number
  concurrency?: number
  /** Request timeout, longest Retry-After obeyed, largest page (contract §11); defaults in DEFAULT_CRAWL_LIMITS. */
  limits?: Partial<CrawlLimits>
}

export interface CrawlSummary {
  /** Per list: records and pages the service reported. */
  lists: { count: number; pages: number }[]
  pagesRead: number
  records: number
  requests: number
  retries: number
  elapsedMs: number
}

interface ListState<R extends ApiRecord> {
  target: ListTarget<R>
  index: number
  first: number
  /** Every page was stored by an earlier crawl. */
  complete: boolean
  pages: number | null
  count: number | null
  next: number
  records: number
  ids: Set<number>
  waiting: Map<number, Page<R>>
  delivering: Promise<void>
}

/**
 * Reads every page of every list by page number, up to the `pages` the service reports, validating each page,
 * pacing itself by the service's rate-limit headers and retrying what can go away by itself. Rejects with a
 * `CrawlError`, or with the signal's reason when cancelled.
 */
export async function crawl<R extends ApiRecord>(options: CrawlOptions<R>): Promise<CrawlSummary> {
  const clock = options.clock ?? realClock
  const startedAt = clock.now()
  const stop = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
  signal.throwIfAborted()

  const progress: CrawlProgress = {
    pagesDone: 0,
    pagesTotal: null,
    records: 0,
    requests: 0,
    retries: 0,
    requestsPerSecond: 0,
    secondsLeft: null,
    pause: null,
  }
  let pagesRead = 0
  const report = () => {
    const seconds = (clock.now() - startedAt) / 1000
    progress.requestsPerSecond = seconds > 0 ? progress.requests / seconds : 0
    progress.secondsLeft =
      progress.pagesTotal !== null && pagesRead > 0 && seconds > 0
        ? (progress.pagesTotal - progress.pagesDone) / (pagesRead / seconds)
        : null
    options.onProgress?.({ ...progress })
  }

  const context: PageReaderContext = {
    base: serviceBase(options.baseUrl),
    apiKey: options.apiKey,
    fetch: options.fetch,
    clock,
    wallClock: options.wallClock ?? Date.now,
    pacer: new RateLimitPacer(clock),
    signal,
    limits: { ...DEFAULT_CRAWL_LIMITS, ...options.limits },
    onRequest: () => {
      progress.requests++
      progress.pause = null
      report()
    },
    onRetry: (reason, ms) => {
      progress.retries++
      progress.pause = { reason, ms }
      report()
    },
  }

  const states: ListState<R>[] = options.lists.map((target, index) => {
    const resume = options.resume?.[index]
    const first = resume ? resume.page + 1 : 1
    progress.pagesDone += resume?.page ?? 0
    progress.records += resume?.records ?? 0
    return {
      target,
      index,
      first,
      complete: resume !== undefined && resume !== null && resume.page >= Math.max(1, resume.pages),
      pages: resume?.pages ?? null,
      count: null,
      next: first,
      records: resume?.records ?? 0,
      ids: new Set(),
      waiting: new Map(),
      delivering: Promise.resolve(),
    }
  })

  const deliver = (state: ListState<R>, page: number, data: Page<R>): Promise<void> => {
    checkPage(state, data, page)
    state.waiting.set(page, data)
    state.delivering = state.delivering.then(async () => {
      for (let ready = state.waiting.get(state.next); ready; ready = state.waiting.get(state.next)) {
        state.waiting.delete(state.next)
        await options.onPage({
          list: state.index,
          collection: state.target.collection.name,
          page: state.next,
          pages: ready.info.pages,
          count: ready.info.count,
          results: ready.results,
        } satisfies CrawledPage<R>)
        state.records += ready.results.length
        progress.pagesDone++
        progress.records += ready.results.length
        pagesRead++
        state.next++
        report()
      }
    })
    return state.delivering
  }

  const read = async (state: ListState<R>, page: number) =>
    deliver(state, page, await readPage(context, state.target, page))

  try {
    // First pages first: they tell how many pages each list has.
    const unread = states.filter((state) => !state.complete)
    await runPool(unread, options.concurrency ?? CONCURRENCY, stop, (state) => read(state, state.first))
    progress.pagesTotal = states.reduce((total, state) => total + Math.max(1, state.pages ?? 0), 0)
    report()
    await runPool(laterPages(states), options.concurrency ?? CONCURRENCY, stop, ({ state, page }) =>
      read(state, page),
    )
  } finally {
    stop.abort()
  }

  for (const state of states) {
    if (state.count !== null && state.records !== state.count) {
      throw new CrawlError(
        'changed',
        `The list changed while it was read: ${state.count} ${state.target.collection.name} reported, ${state.records} read.`,
      )
    }
  }
  return {
    lists: states.map((state) => ({ count: state.count ?? state.records, pages: state.pages ?? 0 })),
    pagesRead,
    records: progress.records,
    requests: progress.requests,
    retries: progress.retries,
    elapsedMs: clock.now() - startedAt,
  }
}

/** The same list on every page: same count and pages as its first page, no record twice. */
function checkPage<R extends ApiRecord>(state: ListState<R>, data: Page<R>, page: number): void {
  // The first page read sets the list's size; a resumed list must still have the size it had.
  if (state.count === null) {
    state.pages ??= data.info.pages
    state.count = data.info.count
  }
  if (data.info.pages !== state.pages || data.info.count !== state.count) {
    throw new CrawlError(
      'changed',
      `The list changed while it was read: ${describePage(state.target, page)} reports ${data.info.count} records on ${data.info.pages} pages, ${state.count} on ${state.pages} before.`,
    )
  }
  for (const record of data.results) {
    if (state.ids.has(record.id)) {
      throw new CrawlError(
        'changed',
        `The list changed while it was read: ${state.target.collection.name} ${record.id} came twice (again on page ${page}).`,
      )
    }
    state.ids.add(record.id)
  }
}

/** Every page after each list's first, made as they are read (a list may claim any number of pages). */
function* laterPages<R extends ApiRecord>(states: readonly ListState<R>[]) {
  for (const state of states) {
    for (let page = state.first + 1; page <= (state.pages ?? 0); page++) yield { state, page }
  }
}

/** Runs `work` on every item, `size` at a time; the first failure stops the rest and is thrown. */
async function runPool<T>(
  items: Iterable<T>,
  size: number,
  stop: AbortController,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.iterator]()
  let failed = false
  let failure: unknown
  const worker = async () => {
    while (!failed) {
      const next = iterator.next()
      if (next.done) return
      const item = next.value
      try {
        await work(item)
      } catch (error) {
        if (!failed) {
          failed = true
          failure = error
          stop.abort(error)
        }
        return
      }
    }
  }
  await Promise.all(Array.from({ length: size }, worker))
  if (failed) throw failure
}

/** Every record of one list, in order; for an export of a filtered list from the service. */
export async function collectList<R extends ApiRecord, F extends string>(
  options: Omit<CrawlOptions<R>, 'lists' | 'onPage' | 'resume'> & { list: ListTarget<R, F> },
): Promise<R[]> {
  const { list, ...rest } = options
  const records: R[] = []
  await crawl<R>({
    ...rest,
    lists: [list],
    onPage: (page) => {
      records.push(...page.results)
    },
  })
  return records
}

/** Why `firstPages` stops the crawl it runs: every list's first page is in. */
const FIRST_PAGES_READ = Symbol('first pages read')

/**
 * The first page of each list, read as a crawl reads it (paced, retried, within the same limits): each list's
 * size, and a sample of its records. Nothing after them is asked for.
 */
export async function firstPages<R extends ApiRecord>(
  options: Omit<CrawlOptions<R>, 'onPage' | 'resume'>,
): Promise<CrawledPage<R>[]> {
  const pages: CrawledPage<R>[] = []
  const stop = new AbortController()
  try {
    await crawl<R>({
      ...options,
      signal: options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal,
      onPage: (page) => {
        pages.push(page)
        if (pages.length === options.lists.length) stop.abort(FIRST_PAGES_READ)
      },
    })
  } catch (error) {
    if (error !== FIRST_PAGES_READ) throw error
  }
  return pages.sort((a, b) => a.list - b.list)
}
