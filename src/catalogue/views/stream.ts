import type { CollectionView, Filters } from '../collection'
import { parseId } from '../ids.ts'
import { appliedFilters } from '../list-addresses.ts'
import { type DataViewUrlState, writeDataViewUrl } from './parameters.ts'

/*
 * A whole view of a list in one answer (contract §12, streams): the list's address with `_export=<format>`,
 * every record of the view in its order. `_col` chooses the fields written, in order; `_after=<id>` resumes
 * after a record. Both programs build and read the address here: the explorer asks for it, the service
 * answers it.
 */

export const EXPORT = '_export'
export const AFTER = '_after'
const COLUMN = '_col'

/** CSV by the explorer's rules, one JSON record a line, or the explorer's JSON array. */
export const STREAM_FORMATS = ['csv', 'ndjson', 'json'] as const
export type StreamFormat = (typeof STREAM_FORMATS)[number]

/** The answer's header that says how many records it holds (known before the first is sent). */
export const STREAM_RECORDS_HEADER = 'Catalogue-Records'

/** The content type of each format. */
export const STREAM_CONTENT_TYPES: Record<StreamFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  json: 'application/json; charset=utf-8',
}

/** What a stream's address holds besides the list's filters and view. */
export interface StreamRequest {
  format: StreamFormat
  /** The fields written, in order; null: every field of the records. */
  columns: string[] | null
  /** The id of the record the stream continues after (null: from the start). */
  after: number | null
}

/** What a stream's address reads of a collection: its list path, filters, columns and facets. */
type Streamed = Pick<CollectionView<never, string>, 'listPath' | 'filters'> &
  Parameters<typeof writeDataViewUrl>[1]

/** The fields of a collection's records, in the API's order (what `_col` may name). */
export function recordFields(collection: { record: unknown }): string[] {
  const shape: unknown =
    typeof collection.record === 'object' && collection.record !== null
      ? Reflect.get(collection.record, 'shape')
      : undefined
  return typeof shape === 'object' && shape !== null ? Object.keys(shape) : []
}

/**
 * The path and query of a stream of a list's view: the filters that apply, the view's sort, facet values and
 * ranges (as `writeDataViewUrl` writes them), `_col` for each chosen field, then `_export` and `_after`.
 */
export function streamPath<F extends string>(
  collection: Streamed,
  filters: Filters<F>,
  view: Pick<DataViewUrlState, 'sort' | 'facets' | 'ranges'> | null,
  request: StreamRequest,
): string {
  const params = new URLSearchParams()
  for (const [name, value] of appliedFilters(collection.filters, filters as Filters<string>))
    params.set(name, value)
  if (view) writeDataViewUrl({ ...view, columns: request.columns }, collection, params)
  else for (const field of request.columns ?? []) params.append(COLUMN, field)
  params.set(EXPORT, request.format)
  if (request.after !== null) params.set(AFTER, String(request.after))
  return `${collection.listPath}?${params}`
}

export type StreamRead = { ok: true; stream: StreamRequest | null } | { ok: false; error: string }

/**
 * Reads a stream's own parameters from a list request, strictly: null when it asks for none (no `_export`);
 * a sentence naming the parameter when `_export`, `_col` or `_after` cannot be applied.
 */
export function readStreamRequest(
  params: URLSearchParams,
  collection: Pick<CollectionView<never, string>, 'labels'> & { record: unknown },
): StreamRead {
  const formats = params.getAll(EXPORT)
  if (formats.length === 0) return { ok: true, stream: null }
  const format = STREAM_FORMATS.find((each) => each === formats[0])
  if (formats.length > 1 || format === undefined)
    return {
      ok: false,
      error: `The parameter "${EXPORT}" must be one of ${STREAM_FORMATS.join(', ')}, given once.`,
    }
  const fields = recordFields(collection)
  const chosen = [...new Set(params.getAll(COLUMN))]
  if (chosen.some((field) => !fields.includes(field)))
    return {
      ok: false,
      error: `The parameter "${COLUMN}" must name fields of ${collection.labels.plural}: ${fields.join(', ')}.`,
    }
  const afters = params.getAll(AFTER)
  const after = afters.length === 1 ? parseId(afters[0] as string) : null
  if (afters.length > 1 || (afters.length === 1 && after === null))
    return {
      ok: false,
      error: `The parameter "${AFTER}" must be one record id (1 to 16 digits, at least 1), given once.`,
    }
  return { ok: true, stream: { format, columns: chosen.length > 0 ? chosen : null, after } }
}
