import { z } from 'zod/mini'
import {
  type ApiRecord,
  CATALOGUE_VERSION_HEADER,
  type CollectionView,
  EMPTY_LIST_INFO,
  ErrorBodySchema,
  type Filters,
  isNothingHere,
  type ListPage,
  listRequestPath,
  serviceBase,
} from '../catalogue'
import { absoluteUrl } from './absolute-url'
import { answeredFromCache } from './cache-source'
import { catalogueVersions } from './catalogue-versions'
import { ApiError } from './errors'
import { type RequestLog, requestLog } from './request-log'
import { recordsRequestPath } from './request-paths'

export type Connection = {
  /** Where the service lives, such as `https://catalogue.example.org`; empty means this site's own origin. */
  baseUrl: string
  apiKey: string
}

/** What the client reads of a collection's definition to list it, and to fetch records by id. */
type Listed<R extends ApiRecord, F extends string> = Pick<
  CollectionView<R, F>,
  'listPath' | 'filters' | 'page'
>
type ById<R extends ApiRecord> = Pick<CollectionView<R>, 'itemPath' | 'record'>

/** Reads any collection: the paths and schemas come from the collection's definition. */
export type CatalogueClient = {
  list<R extends ApiRecord, F extends string>(
    collection: Listed<R, F>,
    filters: Filters<F>,
    page: number,
    signal?: AbortSignal,
  ): Promise<ListPage<R>>
  /**
   * A page of a list with a view's parameters (`_sort=name&_facet=type`: contract §12), for a service that
   * answers views; its answer is read with `schema`.
   */
  view<T>(
    collection: Pick<CollectionView, 'listPath' | 'filters'>,
    filters: Filters<string>,
    page: number,
    parameters: string,
    schema: z.ZodMiniType<T>,
    signal?: AbortSignal,
  ): Promise<T>
  /** One record by id; a missing record is an `ApiError` of kind `notFound`. */
  one<R extends ApiRecord>(collection: ById<R>, id: number, signal?: AbortSignal): Promise<R>
  /** Several records in one request; ids the service does not know are simply absent. */
  many<R extends ApiRecord>(collection: ById<R>, ids: readonly number[], signal?: AbortSignal): Promise<R[]>
  /** Any answer of this service's API read with `schema`: an extension's (`/v1/search?q=cafe&limit=8`). */
  read<T>(path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T>
  /** The absolute address of an API path on this client's service. */
  urlOf(path: string): string
  /**
   * Which service this client reads: its base URL, trimmed and without a trailing slash ('' for this site's
   * own service). What cached answers are kept under (src/lib/page/collection-queries.ts); never the key.
   */
  readonly service: string
}

/** An answer as the client read it: the response and its body, parsed when it was JSON. */
type Answer = { response: Response; body: unknown }

export function createClient(
  connection: Connection,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  log: RequestLog = requestLog,
) {
  const base = serviceBase(connection.baseUrl)
  const redact = (text: string) => (connection.apiKey ? text.split(connection.apiKey).join('[hidden]') : text)

  /** Every request goes through here, and into the request log (address, status, timing, size: never the key). */
  async function request(path: string, signal?: AbortSignal): Promise<Answer> {
    const started = performance.now()
    const entry = { method: 'GET' as const, path, base }
    let response: Response
    try {
      response = await fetchImpl(`${base}${path}`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${connection.apiKey}` },
        signal,
        // The browser's copy may be of a catalogue replaced since: it is checked with the service (ETag).
        cache: catalogueVersions.replaced(base) ? 'no-cache' : 'default',
      })
    } catch (error) {
      // A cancelled request is React Query's business, not a failure to report.
      if (signal?.aborted) throw error
      log.record({
        ...entry,
        source: 'network',
        status: null,
        durationMs: performance.now() - started,
        size: 0,
        body: undefined,
      })
      throw new ApiError('network')
    }
    const text = await readText(response)
    const body = parseJson(text)
    const cached = answeredFromCache(urlOf(path), started)
    // An answer kept by the browser names the version it was read from then, not the one served now.
    if (!cached) catalogueVersions.hear(base, response.headers.get(CATALOGUE_VERSION_HEADER))
    log.record({
      ...entry,
      source: cached ? 'cache' : 'network',
      status: response.status,
      durationMs: performance.now() - started,
      size: new TextEncoder().encode(text).length,
      body: parseJson(redact(text)),
    })
    return { response, body }
  }

  async function readText(response: Response): Promise<string> {
    try {
      return await response.text()
    } catch {
      return ''
    }
  }

  async function failure(response: Response, body: unknown): Promise<ApiError> {
    const parsed = ErrorBodySchema.safeParse(body)
    const detail = parsed.success ? redact(parsed.data.error) : undefined
    const { status } = response
    if (status === 401 || status === 403) return new ApiError('unauthorized', { status })
    if (status === 404) return new ApiError('notFound', { status, detail })
    if (status === 429) {
      return new ApiError('rateLimited', { status, retryAfter: retryAfterSeconds(response.headers) })
    }
    if (status >= 500) return new ApiError('server', { status, detail })
    if (status >= 400) return new ApiError('badRequest', { status, detail })
    return new ApiError('invalidResponse', { status })
  }

  async function get<T>(path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T> {
    const { response, body } = await request(path, signal)
    if (!response.ok) throw await failure(response, body)
    return parseBody(schema, body, response.status)
  }

  const urlOf = (path: string) => absoluteUrl(base, path, globalThis.location?.origin ?? '')

  const client: CatalogueClient = {
    urlOf,
    service: base,
    read: get,

    async list(collection, filters, page, signal) {
      const { response, body } = await request(listRequestPath(collection, filters, page), signal)
      if (isNothingHere(response.status, page, body)) return { info: EMPTY_LIST_INFO, results: [] }
      if (!response.ok) throw await failure(response, body)
      return parseBody(collection.page, body, 200)
    },

    async view(collection, filters, page, parameters, schema, signal) {
      const { response, body } = await request(listRequestPath(collection, filters, page, parameters), signal)
      // The public API's empty list, with no view echoed: its reader learns that this service answers no views.
      if (isNothingHere(response.status, page, body)) {
        return parseBody(schema, { info: EMPTY_LIST_INFO, results: [] }, 200)
      }
      if (!response.ok) throw await failure(response, body)
      return parseBody(schema, body, 200)
    },

    async one(collection, id, signal) {
      const schema = collection.record
      const answer = await get(
        recordsRequestPath(collection, [id]),
        z.union([schema, z.array(schema)]),
        signal,
      )
      const record = Array.isArray(answer) ? answer.find((item) => item.id === id) : answer
      if (!record) throw new ApiError('notFound', { status: 404 })
      return record
    },

    async many(collection, ids, signal) {
      if (ids.length === 0) return []
      const schema = collection.record
      // A single id in the bare form is answered with an object, not an array: normalise both.
      const answer = await get(
        recordsRequestPath(collection, ids),
        z.union([schema, z.array(schema)]),
        signal,
      )
      return Array.isArray(answer) ? answer : [answer]
    },
  }
  return client
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function parseBody<T>(schema: z.ZodMiniType<T>, body: unknown, status: number): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ApiError('invalidResponse', { status })
  return parsed.data
}

/** `Retry-After` is either a number of seconds or an HTTP date; without a usable value, wait one second. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number {
  const value = headers.get('Retry-After')?.trim()
  if (!value) return 1
  if (/^\d+$/.test(value)) return Math.max(1, Number(value))
  const date = Date.parse(value)
  return Number.isNaN(date) ? 1 : Math.max(1, Math.ceil((date - now) / 1000))
}
