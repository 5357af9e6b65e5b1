/*
 * The parts every operation of the OpenAPI document is made of: examples, headers, refusals, answers and path
 * items (openapi.ts assembles the document; each extension's paths are written with these).
 */

import { STREAM_CONTENT_TYPES, STREAM_RECORDS_HEADER } from './views/stream.ts'

/** Example bodies by answer, keyed `METHOD /path/template STATUS` (see `exampleKey`), each from a real answer. */
export type OpenApiExamples = Readonly<Record<string, unknown>>

export function exampleKey(method: string, pathTemplate: string, status: number): string {
  return `${method.toUpperCase()} ${pathTemplate} ${status}`
}

export type Json = Record<string, unknown>

export const PAGE_PATTERN = '^[0-9]+$'

/** Methods OpenAPI can describe that the API refuses (405, after the key is checked). */
export const REFUSED_METHODS = ['post', 'put', 'patch', 'delete', 'trace'] as const

/**
 * An optional query parameter; `repeated`: given any number of times (an array, `form`, exploded); `marked`:
 * the extension that adds it (`{ 'x-catalogue-extension': 'views' }`).
 */
export function queryParameter(
  name: string,
  description: string,
  schema: Json,
  repeated = false,
  marked: Json = {},
): Json {
  return {
    name,
    in: 'query',
    required: false,
    description,
    schema: repeated ? { type: 'array', items: schema } : schema,
    ...(repeated ? { style: 'form', explode: true } : {}),
    ...marked,
  }
}

export const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` })

export const integerHeader = (description: string) => ({
  description,
  schema: { type: 'integer', minimum: 0 },
})

export const HEADERS: Record<string, Json> = {
  ETag: { description: 'Strong tag of this form of the body.', required: true, schema: { type: 'string' } },
  'RateLimit-Limit': integerHeader(
    'Requests the key may make in one burst (when rate limiting is on; not on refusals of keys that are not valid).',
  ),
  'RateLimit-Remaining': integerHeader('Requests left in the current burst.'),
  'RateLimit-Reset': integerHeader('Seconds until the burst is whole again.'),
  'Retry-After': {
    description: 'Seconds to wait before the next request.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  'WWW-Authenticate': {
    description: '`Bearer realm="catalogue"`, with `error="invalid_token"` when the key is not known.',
    required: true,
    schema: { type: 'string' },
  },
  Allow: {
    description: 'The methods allowed.',
    required: true,
    schema: { type: 'string', const: 'GET, HEAD, OPTIONS' },
  },
}

/** What a stream's answer says before its first record. */
export const STREAM_HEADERS = {
  [STREAM_RECORDS_HEADER]: integerHeader(
    'With `_export`: how many records the stream holds (those after `_after`), said before the first.',
  ),
}

export const RATE_HEADERS = {
  'RateLimit-Limit': ref('headers', 'RateLimit-Limit'),
  'RateLimit-Remaining': ref('headers', 'RateLimit-Remaining'),
  'RateLimit-Reset': ref('headers', 'RateLimit-Reset'),
}

/** The refusals, each with its JSON error body and the headers that come with it. */
export const REFUSALS: Record<number, { description: string; headers?: Json }> = {
  400: {
    description:
      'A malformed parameter or address (the sentence names it and what is allowed), or a missing or malformed `Host` header.',
  },
  401: {
    description: 'The key is missing, malformed or not known. Checked first, on every path under /v1.',
    headers: { 'WWW-Authenticate': ref('headers', 'WWW-Authenticate') },
  },
  404: { description: 'Nothing here.' },
  412: {
    description:
      'With `_export` and `If-Match`: the catalogue changed since the stream named began; start it again (without `_after`).',
  },
  405: {
    description: 'Only GET, HEAD and OPTIONS are allowed.',
    headers: { Allow: ref('headers', 'Allow') },
  },
  429: {
    description:
      'The key has made too many requests (the demo key: from this client address), or this client address has sent too many keys that are not valid (then without the `RateLimit-*` headers); retry after `Retry-After` seconds.',
    headers: { 'Retry-After': ref('headers', 'Retry-After'), ...RATE_HEADERS },
  },
  503: {
    description:
      'The catalogue cannot be read in time (a store backed by a database that is down, paused or past its deadline; never the catalogue in memory); retry after `Retry-After` seconds.',
    headers: { 'Retry-After': ref('headers', 'Retry-After') },
  },
}

export function jsonContent(schema: Json, examples: Record<string, unknown> | undefined): Json {
  const media: Json = { schema }
  if (examples)
    media.examples = Object.fromEntries(Object.entries(examples).map(([n, value]) => [n, { value }]))
  return { 'application/json': media }
}

export interface Operation {
  method: string
  template: string
  withBody: boolean
}

/** Example bodies of one answer: either `{ name: body }` or a single body (named `example`). */
export function examplesOf(
  examples: OpenApiExamples,
  key: string,
  named: boolean,
): Record<string, unknown> | undefined {
  if (!(key in examples)) return undefined
  const value = examples[key]
  return named ? (value as Record<string, unknown>) : { example: value }
}

export function refusal(
  status: number,
  operation: Operation,
  examples: OpenApiExamples,
  notFound?: string,
): Json {
  const { description, headers } = REFUSALS[status] as { description: string; headers?: Json }
  const answer: Json = { description: notFound ?? description }
  if (headers) answer.headers = headers
  if (operation.withBody) {
    answer.content = jsonContent(
      ref('schemas', 'Error'),
      examplesOf(examples, exampleKey(operation.method, operation.template, status), false),
    )
  }
  return answer
}

export function okAnswer(
  description: string,
  schema: Json,
  operation: Operation,
  examples: OpenApiExamples,
  named: boolean,
  stream?: { record: Json },
): Json {
  const headers = { ETag: ref('headers', 'ETag'), ...RATE_HEADERS, ...(stream ? STREAM_HEADERS : {}) }
  const answer: Json = { description, headers }
  if (operation.withBody) {
    const content = jsonContent(
      stream ? { oneOf: [schema, { type: 'array', items: stream.record }] } : schema,
      examplesOf(examples, exampleKey(operation.method, operation.template, 200), named),
    )
    if (stream) {
      content[STREAM_CONTENT_TYPES.csv.split(';')[0] as string] = {
        schema: { type: 'string', description: 'With `_export=csv`: the view as CSV (see `_export`).' },
      }
      content[STREAM_CONTENT_TYPES.ndjson.split(';')[0] as string] = {
        schema: { type: 'string', description: 'With `_export=ndjson`: one record (JSON) a line.' },
      }
    }
    answer.content = content
  }
  return answer
}

export const notModified = {
  description: '`If-None-Match` named the current ETag: the copy the caller holds is still good.',
  headers: { ETag: ref('headers', 'ETag') },
}

/** Refusals shared by every refused method on every path: one example each, under the method and path `*`. */
export function refusedResponses(examples: OpenApiExamples): Json {
  const any = { method: '*', template: '*', withBody: true }
  return Object.fromEntries(
    REFUSED_STATUSES.map((status) => [`Refused${status}`, refusal(status, any, examples)]),
  )
}

export const REFUSED_STATUSES = [400, 401, 405, 429] as const

export function refusedOperation(): Json {
  return {
    summary: 'Not allowed: the API is read-only (the key is still checked first)',
    responses: Object.fromEntries(
      REFUSED_STATUSES.map((status) => [status, ref('responses', `Refused${status}`)]),
    ),
  }
}

export function preflight(): Json {
  return {
    summary: 'CORS preflight (no key needed)',
    security: [],
    responses: {
      204: {
        description: 'Any origin may send GET and HEAD with `Authorization`, `If-None-Match` and `If-Match`.',
      },
    },
  }
}

export function pathItem(operation: (method: 'get' | 'head') => Json): Json {
  const item: Json = { get: operation('get'), head: operation('head'), options: preflight() }
  for (const method of REFUSED_METHODS) item[method] = refusedOperation()
  return item
}
