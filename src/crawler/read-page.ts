import { type ApiRecord, ErrorBodySchema, NOTHING_HERE } from '../catalogue'
import type { Clock } from './clock'
import { CrawlError } from './errors'
import { describePage, type ListTarget, listPagePath, type Page } from './lists'
import { type RateLimitPacer, retryAfterMs } from './pacer'

/** Attempts after the first for a network failure or a 5xx, with a doubling pause between them. */
export const MAX_RETRIES = 4
const FIRST_BACKOFF_MS = 500
const MAX_BACKOFF_MS = 8000
/** `429` answers in a row for one page before the crawl gives up. */
export const MAX_RATE_LIMITED = 10

const EMPTY_INFO = { count: 0, pages: 0, next: null, prev: null }

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
    try {
      response = await context.fetch(`${context.base}${listPagePath(target, page)}`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${context.apiKey}` },
        signal: context.signal,
      })
    } catch (error) {
      context.pacer.answered(null)
      context.signal.throwIfAborted()
      failures = await backOff(context, failures, () => unreachable(where, error))
      continue
    }
    context.pacer.answered(response.headers)
    try {
      body = await readJson(response)
    } catch (error) {
      context.signal.throwIfAborted()
      failures = await backOff(context, failures, () => unreachable(where, error))
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
  if (status === 404 && page === 1 && ErrorBodySchema.safeParse(body).data?.error === NOTHING_HERE) {
    return { info: EMPTY_INFO, results: [] }
  }
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

function unreachable(where: string, error: unknown): CrawlError {
  // The cause's own text may carry the address; only its code is kept, which never holds the key.
  const code = causeCode(error)
  return new CrawlError(
    'network',
    `The service could not be reached for ${where} after ${MAX_RETRIES + 1} attempts${code ? ` (${code})` : ''}.`,
  )
}

function causeCode(error: unknown): string | null {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : null
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : null
}

/** JSON bodies are read whatever the status; a body that is not JSON reads as undefined. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

type Issue = { path: readonly PropertyKey[]; code?: string; expected?: unknown }

function describeIssue(error: { issues: readonly Issue[] }): string {
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

function redact(text: string, key: string): string {
  return key ? text.split(key).join('[key]') : text
}
