import {
  type ApiRecord,
  EMPTY_LIST_INFO,
  ErrorBodySchema,
  isNothingHere,
  PAGE_SIZE,
  pageCount,
} from '../catalogue'
import type { Clock } from './clock'
import { CrawlError, isCrawlError } from './errors'
import { describePage, type ListTarget, listPagePath, type Page } from './lists'
import { type RateLimitPacer, retryAfterMs } from './pacer'

/** Attempts after the first for a network failure or a 5xx, with a doubling pause between them. */
export const MAX_RETRIES = 4
const FIRST_BACKOFF_MS = 500
const MAX_BACKOFF_MS = 8000
/** `429` answers in a row for one page before the crawl gives up. */
export const MAX_RATE_LIMITED = 10
/** How long one request may take, answer body included, before it counts as failed (ms). */
export const REQUEST_TIMEOUT_MS = 30_000
/** The longest `Retry-After` obeyed (ms); a longer one stops the crawl with a sentence. */
export const MAX_RETRY_AFTER_MS = 60_000
/** The largest page read (bytes): a page of 20 records is a few KB; more is not a catalogue's page. */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024
/** Redirects followed for one request, all within the configured origin. */
const MAX_REDIRECTS = 5

/** The limits a crawl keeps whatever the service sends (contract §11). */
export interface CrawlLimits {
  requestTimeoutMs: number
  maxRetryAfterMs: number
  maxPageBytes: number
}

export const DEFAULT_CRAWL_LIMITS: CrawlLimits = {
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  maxRetryAfterMs: MAX_RETRY_AFTER_MS,
  maxPageBytes: MAX_PAGE_BYTES,
}

export interface PageReaderContext {
  /** Base address without a trailing slash. */
  base: string
  apiKey: string
  fetch: typeof fetch
  clock: Clock
  /** Epoch milliseconds, for `Retry-After` given as a date. */
  wallClock: () => number
  pacer: RateLimitPacer
  signal: AbortSignal
  limits: CrawlLimits
  /** Called for every request that goes out and every retry it needs. */
  onRequest: () => void
  onRetry: (reason: 'rateLimited' | 'failed', waitMs: number) => void
}

/** Reads one page of a list, waiting its turn with the pacer and retrying what can go away by itself. */
export async function readPage<R extends ApiRecord>(
  context: PageReaderContext,
  target: ListTarget<R>,
  page: number,
): Promise<Page<R>> {
  const where = describePage(target, page)
  let failures = 0
  let rateLimited = 0
  for (;;) {
    await context.pacer.turn(context.signal)
    context.onRequest()
    let response: Response
    let body: unknown
    // One deadline for the request and its whole body: a silent service, or one sending a byte a second.
    const deadline = AbortSignal.timeout(context.limits.requestTimeoutMs)
    const signal = AbortSignal.any([context.signal, deadline])
    try {
      response = await fetchWithinOrigin(
        context,
        `${context.base}${listPagePath(target, page)}`,
        where,
        signal,
      )
    } catch (error) {
      context.pacer.answered(null)
      context.signal.throwIfAborted()
      if (isCrawlError(error)) throw error
      failures = await backOff(context, failures, () => unreachable(context, where, error, deadline))
      continue
    }
    context.pacer.answered(response.headers)
    try {
      body = await readJson(response, context.limits.maxPageBytes, where)
    } catch (error) {
      context.signal.throwIfAborted()
      if (isCrawlError(error)) throw error
      failures = await backOff(context, failures, () => unreachable(context, where, error, deadline))
      continue
    }
    const { status } = response
    if (status === 429) {
      rateLimited++
      if (rateLimited > MAX_RATE_LIMITED) {
        throw new CrawlError(
          'rateLimited',
          `The service kept answering “too many requests” (${MAX_RATE_LIMITED} times in a row) for ${where}.`,
          status,
        )
      }
      const wait = retryAfterMs(response.headers, context.wallClock())
      const most = context.limits.maxRetryAfterMs
      if (wait > most) {
        throw new CrawlError(
          'rateLimited',
          `The service asked to wait ${Math.round(wait / 1000).toLocaleString('en-US')} s before the next request (Retry-After), longer than the ${most / 1000} s this crawl waits; run it again later.`,
          status,
        )
      }
      context.pacer.pause(wait)
      context.onRetry('rateLimited', wait)
      continue
    }
    if (status >= 500) {
      failures = await backOff(
        context,
        failures,
        () =>
          new CrawlError(
            'server',
            `The service kept failing (${status}) for ${where}, ${MAX_RETRIES + 1} attempts.`,
            status,
          ),
      )
      continue
    }
    return answer(context, target, page, where, status, body)
  }
}

function answer<R extends ApiRecord>(
  context: PageReaderContext,
  target: ListTarget<R>,
  page: number,
  where: string,
  status: number,
  body: unknown,
): Page<R> {
  const detail = () => {
    const error = ErrorBodySchema.safeParse(body).data?.error
    return error ? `: ${redact(error, context.apiKey)}` : ''
  }
  if (isNothingHere(status, page, body)) return { info: EMPTY_LIST_INFO, results: [] }
  if (status === 401 || status === 403) {
    throw new CrawlError('unauthorized', `The service refused the API key (${status}).`, status)
  }
  if (status === 404) {
    if (page > 1) {
      throw new CrawlError('changed', `The list became shorter while it was read: ${where} is gone.`, status)
    }
    throw new CrawlError(
      'notFound',
      `The service has no list at this address (404 for ${where})${detail()}.`,
      404,
    )
  }
  if (status !== 200) {
    throw new CrawlError('badRequest', `The service refused ${where} (${status})${detail()}.`, status)
  }
  if (body === undefined) {
    throw new CrawlError(
      'invalidPage',
      `The service answered ${where} with something that is not JSON.`,
      status,
    )
  }
  const parsed = target.collection.page.safeParse(body)
  if (!parsed.success) {
    throw new CrawlError(
      'invalidPage',
      `The service answered ${where} with ${describeIssue(parsed.error)}.`,
      status,
    )
  }
  const { count, pages } = parsed.data.info
  if (pages !== pageCount(count)) {
    throw new CrawlError(
      'invalidPage',
      `The service answered ${where} with an info that contradicts itself: ${count} records cannot fill ${pages} pages of ${PAGE_SIZE}.`,
      status,
    )
  }
  // A page before the last holds records: empty pages claimed by the billion would never end the crawl.
  if (page < pages && parsed.data.results.length === 0) {
    throw new CrawlError(
      'invalidPage',
      `The service answered ${where} with an info that contradicts itself: page ${page} of ${pages} holds no record, though ${count} were counted.`,
      status,
    )
  }
  return parsed.data
}

/** Waits before the next attempt, or throws `giveUp()` when the attempts are used up. */
async function backOff(
  context: PageReaderContext,
  failures: number,
  giveUp: () => CrawlError,
): Promise<number> {
  if (failures >= MAX_RETRIES) throw giveUp()
  const wait = Math.min(FIRST_BACKOFF_MS * 2 ** failures, MAX_BACKOFF_MS)
  context.onRetry('failed', wait)
  await context.clock.sleep(wait, context.signal)
  return failures + 1
}

function unreachable(
  context: PageReaderContext,
  where: string,
  error: unknown,
  deadline: AbortSignal,
): CrawlError {
  if (deadline.aborted) {
    return new CrawlError(
      'timeout',
      `The service did not answer ${where} within ${context.limits.requestTimeoutMs / 1000} s, ${MAX_RETRIES + 1} attempts.`,
    )
  }
  // The cause's own text may carry the address; only its code is kept, which never holds the key.
  const code = causeCode(error)
  return new CrawlError(
    'network',
    `The service could not be reached for ${where} after ${MAX_RETRIES + 1} attempts${code ? ` (${code})` : ''}.`,
  )
}

export function causeCode(error: unknown): string | null {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : null
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : null
}

/**
 * Fetches `url` without letting fetch follow redirects: one within the configured origin is followed (up to
 * MAX_REDIRECTS), one to another origin stops the crawl, so no other host's data is ever taken (and the key
 * never goes there). A browser hides where a redirect goes (an opaque redirect): that stops the crawl too.
 */
export async function fetchWithinOrigin(
  context: Pick<PageReaderContext, 'base' | 'apiKey' | 'fetch'>,
  first: string,
  where: string,
  signal: AbortSignal,
  headers: Record<string, string> = { Accept: 'application/json' },
): Promise<Response> {
  const origin = new URL(context.base).origin
  let url = first
  for (let redirects = 0; ; redirects++) {
    const response = await context.fetch(url, {
      headers: { ...headers, Authorization: `Bearer ${context.apiKey}` },
      signal,
      redirect: 'manual',
    })
    if (response.type === 'opaqueredirect') {
      throw new CrawlError(
        'redirected',
        `The service redirected ${where} elsewhere; the crawl does not follow it.`,
      )
    }
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null
    if (location === null) return response
    await response.body?.cancel().catch(() => undefined)
    const next = URL.canParse(location, url) ? new URL(location, url) : null
    if (next === null || next.origin !== origin) {
      throw new CrawlError(
        'redirected',
        `The service redirected ${where} to another origin (${next?.origin ?? 'an address that is not one'}); the crawl follows addresses within ${origin} only.`,
        response.status,
      )
    }
    if (redirects >= MAX_REDIRECTS) {
      throw new CrawlError('redirected', `The service redirected ${where} more than ${MAX_REDIRECTS} times.`)
    }
    url = next.href
  }
}

/**
 * JSON bodies are read whatever the status, at most `maxBytes` of them (checked as the bytes come: a
 * Content-Length may be missing or false); a body that is not JSON reads as undefined.
 */
async function readJson(response: Response, maxBytes: number, where: string): Promise<unknown> {
  const tooLarge = () =>
    new CrawlError(
      'tooLarge',
      `The service answered ${where} with more than ${maxBytes / 1024 / 1024} MB, larger than a page can be; the crawl stops.`,
      response.status,
    )
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let length = 0
  const reader = response.body?.getReader()
  for (;;) {
    const chunk = await reader?.read()
    if (!chunk || chunk.done) break
    length += chunk.value.byteLength
    if (length > maxBytes) {
      await reader?.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(chunk.value)
  }
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
}

type Issue = { path: readonly PropertyKey[]; code?: string; expected?: unknown }

export function describeIssue(error: { issues: readonly Issue[] }): string {
  const issue = error.issues[0]
  if (!issue) return 'data that does not follow the contract'
  const path = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '')
  const rule =
    issue.code === 'invalid_type' && typeof issue.expected === 'string'
      ? `expected ${issue.expected}`
      : 'invalid value'
  return `data that does not follow the contract (${path || 'the body'}: ${rule})`
}

export function redact(text: string, key: string): string {
  return key ? text.split(key).join('[key]') : text
}
