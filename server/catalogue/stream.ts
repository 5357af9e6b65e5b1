import { createHash } from 'node:crypto'
import { setImmediate as turn } from 'node:timers/promises'
import type { ApiRecord, DatasetRecord } from '../../src/catalogue'
import { lowerBound } from '../../src/catalogue/lower-bound'
import { apiViewParameters } from '../../src/catalogue/views/parameters'
import { listViewOf } from '../../src/catalogue/views/view'
import { csvColumns, csvHeader, csvRows } from '../../src/export/csv'
import { JSON_ARRAY_START, jsonArrayEnd, jsonItems, pickFields } from '../../src/export/json'
import { CatalogueError } from './errors'
import { foldedFilters } from './list-query'
import type { StreamQuery } from './list-request'
import { addressesFor } from './render'
import type { CollectionSource } from './source'

/** Records read from the store at a time (one query of the PostgreSQL store). */
export const STREAM_BATCH = 1000
/**
 * Records rendered at a time: a chunk of the answer (about 35 KB of CSV of locations, a few milliseconds of
 * work), after which other requests are answered before the next (contract §11, fair CPU).
 */
export const STREAM_CHUNK = 250

/**
 * A stream's entity tag, known before any record is read: made from the catalogue's content version (the same
 * catalogue, whichever process serves it, gives the same tag; another catalogue another), the list, its
 * filters, view, format and fields, and the public base its addresses are built on. `_after` is left out: a
 * resumed stream is part of the same whole, and carries its tag in `If-Match`.
 */
export function streamTag(
  contentVersion: string,
  source: CollectionSource,
  query: StreamQuery,
  base: string,
) {
  const { collection } = source
  const view = query.view
    ? apiViewParameters({ ...query.view, counted: [], facetSizeGiven: false }, collection)
    : []
  const named = JSON.stringify([
    contentVersion,
    collection.name,
    query.format,
    query.filters,
    view,
    query.columns,
    base,
    // Absent without a search, so that the tags of streams without one stay what they were.
    ...(query.search === null ? [] : [query.search]),
  ])
  return `s${createHash('sha256').update(named).digest('base64url').slice(0, 27)}`
}

/** Where a stream starts: the positions in its order (null: every record in id order), from `start` on. */
export interface StreamPlan {
  order: Int32Array | null
  start: number
  /** Records the answer holds: those from `start` on. */
  count: number
}

/**
 * The records a stream holds, in its order, from after `query.after`. In id order (no view) `_after` is a
 * key: the records whose id is greater. In a view's order it names a record of the view, which must be there
 * (CatalogueError 400 otherwise: resuming elsewhere would skip or repeat records).
 */
export async function planStream(source: CollectionSource, query: StreamQuery): Promise<StreamPlan> {
  const view = query.view ? listViewOf({}, query.view.state, source.collection.columns) : null
  const order = await source.streamOrder(foldedFilters(query), view, query.search)
  const total = order ? order.length : source.count
  let start = 0
  if (query.after !== null) {
    const next = await source.positionAfter(query.after)
    if (order === null) start = next
    // Without a sort or a search the order is ascending: `_after` is a key there too.
    else if (view?.sort == null && query.search === null) start = lowerBound(order, next)
    else start = await afterInView(source, order, next, query.after)
  }
  return { order, start, count: total - start }
}

/** The index in a view's order just after the record with id `id` (at position `next - 1`, if it exists). */
async function afterInView(source: CollectionSource, order: Int32Array, next: number, id: number) {
  const position = next - 1
  const [record] = position >= 0 ? await source.slice(position, next) : []
  const index = record?.id === id ? order.indexOf(position) : -1
  if (index === -1)
    throw new CatalogueError(
      'invalid',
      `The parameter "_after" names no record of this view (${id}): start the stream again without it.`,
    )
  return index + 1
}

/** The records at `order[from]` up to `order[to - 1]`, in that order, read from the store in ascending order. */
async function recordsInOrder(source: CollectionSource, order: Int32Array, from: number, to: number) {
  const wanted = order.subarray(from, to)
  const ascending = Int32Array.from(wanted).sort()
  const found = await source.atPositions(ascending)
  const byPosition = new Map<number, DatasetRecord>()
  for (const [index, record] of found.entries()) byPosition.set(ascending[index] as number, record)
  return Array.from(wanted, (position) => byPosition.get(position) as DatasetRecord)
}

/**
 * The stream's text, a chunk of STREAM_CHUNK records at a time (the CSV's header and the JSON array's ends
 * around them), read from the store STREAM_BATCH at a time as they are needed: nothing but one batch is held.
 * Between chunks the event loop answers other requests (contract §11, fair CPU).
 */
export async function* streamChunks(
  source: CollectionSource,
  query: StreamQuery,
  plan: StreamPlan,
  base: string,
): AsyncGenerator<string> {
  const { collection } = source
  const at = addressesFor(collection, base)
  const fields = query.columns
  const csvFields = fields ?? csvColumns(collection)
  if (query.format === 'csv') yield csvHeader(csvFields)
  if (query.format === 'json') yield JSON_ARRAY_START
  const total = plan.start + plan.count
  for (let from = plan.start; from < total; from += STREAM_BATCH) {
    const to = Math.min(total, from + STREAM_BATCH)
    const records =
      plan.order === null ? await source.slice(from, to) : await recordsInOrder(source, plan.order, from, to)
    for (let offset = 0; offset < records.length; offset += STREAM_CHUNK) {
      if (from + offset > plan.start) await turn()
      const rendered: ApiRecord[] = records
        .slice(offset, offset + STREAM_CHUNK)
        .map((record) => collection.toRecord(record, at))
      const first = from + offset === plan.start
      if (query.format === 'csv') yield csvRows(collection, rendered, csvFields)
      else if (query.format === 'json') yield jsonItems(rendered, first, fields ?? undefined)
      else yield ndjsonLines(rendered, fields)
    }
  }
  if (query.format === 'json') yield jsonArrayEnd(plan.count === 0)
}

function ndjsonLines(records: readonly ApiRecord[], fields: readonly string[] | null): string {
  let text = ''
  for (const record of records) text += `${JSON.stringify(fields ? pickFields(record, fields) : record)}\n`
  return text
}
