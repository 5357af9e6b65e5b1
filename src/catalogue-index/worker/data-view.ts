import { type ApiRecord, type CollectionView, type ColumnKind, PAGE_SIZE, pageCount } from '../../catalogue'
import { columnValue, facetValue, SORT_COLLATOR } from '../../catalogue/columns'
import type { DataView, DataViewPage, FacetCounts } from '../protocol/data-view'
import { filterRecords } from './query'

/** A column as the data tool reads it. */
type ViewColumn = { field: string; kind: ColumnKind; range?: true }

/** What a view reads of a collection: its filters (as the service applies them), columns and facets. */
export type ViewedCollection = Pick<CollectionView, 'listPath' | 'filters'> & {
  columns: readonly ViewColumn[]
  facets: readonly { name: string; label: string; field: string; derive?: 'season' }[]
}

/**
 * The records of a list in the ascending order of one column, prepared once per version of the index: a
 * reader's change of sort or direction then walks this order instead of sorting again.
 */
export interface ColumnOrder {
  /** Positions in the records' array: ascending by value, equal values by id, empty values last (by id). */
  order: Uint32Array
  /** How many of `order` have a value (the rest are empty). */
  valued: number
  /** For each position of `order` with a value, the position where its run of equal values starts. */
  runStart: Uint32Array
}

/** Compares two values of one column: numbers as numbers, text by the collator every reader shares. */
function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return SORT_COLLATOR.compare(String(a), String(b))
}

/** The ascending order of `records` by `column` (see ColumnOrder). */
export function columnOrder(records: readonly ApiRecord[], column: ViewColumn): ColumnOrder {
  const values = records.map((record) => columnValue(record, column))
  const positions = records.map((_, position) => position)
  positions.sort((a, b) => {
    const va = values[a] ?? null
    const vb = values[b] ?? null
    if (va === null || vb === null) return (va === null ? 1 : 0) - (vb === null ? 1 : 0) || idOf(a) - idOf(b)
    return compareValues(va, vb) || idOf(a) - idOf(b)
  })
  function idOf(position: number): number {
    return records[position]?.id ?? 0
  }
  const order = Uint32Array.from(positions)
  let valued = 0
  while (valued < order.length && values[order[valued] ?? 0] !== null) valued++
  const runStart = new Uint32Array(valued)
  for (let index = 0; index < valued; index++) {
    const previous = values[order[index - 1] ?? 0]
    const same =
      index > 0 &&
      previous !== null &&
      previous !== undefined &&
      compareValues(previous, values[order[index] ?? 0] ?? 0) === 0
    runStart[index] = same ? (runStart[index - 1] ?? 0) : index
  }
  return { order, valued, runStart }
}

/**
 * The positions kept by `keep`, in the view's order: ascending walks the order; descending walks the runs of
 * equal values from the last, each run still by id; empty values last either way.
 */
function sortedPositions(prepared: ColumnOrder, descending: boolean, keep: Uint8Array): number[] {
  const { order, valued, runStart } = prepared
  const out: number[] = []
  if (!descending) {
    for (const position of order) if (keep[position]) out.push(position)
    return out
  }
  let end = valued
  while (end > 0) {
    const start = runStart[end - 1] ?? 0
    for (let index = start; index < end; index++) {
      const position = order[index] ?? 0
      if (keep[position]) out.push(position)
    }
    end = start
  }
  for (let index = valued; index < order.length; index++) {
    const position = order[index] ?? 0
    if (keep[position]) out.push(position)
  }
  return out
}

/** What a view asks of one record, besides the "contains" filters: its facets' values and its ranges. */
function choicesOf(collection: ViewedCollection, view: DataView) {
  const facets = collection.facets.flatMap((facet) => {
    const chosen = view.facets[facet.name] ?? []
    return chosen.length > 0 ? [{ facet, chosen: new Set(chosen) }] : []
  })
  const ranges = collection.columns.flatMap((column) => {
    const bounds = column.range ? view.ranges[column.field] : undefined
    if (!bounds || (bounds.from === null && bounds.to === null)) return []
    return [{ column, bounds }]
  })
  /** Whether `record` passes every facet but `except` and every range. */
  const passes = (record: ApiRecord, except: string | null) =>
    facets.every(({ facet, chosen }) => facet.name === except || chosen.has(facetValue(record, facet))) &&
    ranges.every(({ column, bounds }) => {
      const value = columnValue(record, column)
      if (typeof value !== 'number') return false
      return (bounds.from === null || value >= bounds.from) && (bounds.to === null || value <= bounds.to)
    })
  return { passes }
}

/** Counts of each facet's values over the records that pass every other choice. */
function facetCounts(
  collection: ViewedCollection,
  view: DataView,
  filtered: readonly ApiRecord[],
  passes: (record: ApiRecord, except: string | null) => boolean,
): FacetCounts[] {
  return collection.facets.map((facet) => {
    const counts = new Map<string, number>()
    for (const record of filtered) {
      if (!passes(record, facet.name)) continue
      const value = facetValue(record, facet)
      counts.set(value, (counts.get(value) ?? 0) + 1)
    }
    const chosen = new Set(view.facets[facet.name] ?? [])
    for (const value of chosen) if (!counts.has(value)) counts.set(value, 0)
    const values = [...counts]
      .map(([value, count]) => ({ value, count, chosen: chosen.has(value) }))
      .sort(
        (a, b) =>
          b.count - a.count || SORT_COLLATOR.compare(a.value, b.value) || (a.value < b.value ? -1 : 1),
      )
    return { name: facet.name, label: facet.label, values }
  })
}

/** What a view of one list keeps between changes: each record's position, and each column's order once asked. */
export interface PreparedList {
  positionOf: ReadonlyMap<ApiRecord, number>
  orderOf(column: ViewColumn): ColumnOrder
}

/** Prepares a list's records for views: their positions now, a column's order when it is first sorted by. */
export function prepareList(records: readonly ApiRecord[]): PreparedList {
  const positionOf = new Map(records.map((record, position) => [record, position]))
  const orders = new Map<string, ColumnOrder>()
  return {
    positionOf,
    orderOf(column) {
      let order = orders.get(column.field)
      if (!order) {
        order = columnOrder(records, column)
        orders.set(column.field, order)
      }
      return order
    },
  }
}

/**
 * One page of a view of a list, answered from every record of the collection (`records`, in any order):
 * the service's filters by the contract's rule, then facets and ranges, sorted by a column (ties by id, empty
 * values last) or by id, with each facet's counts. `prepared` keeps what the next view of the same records reuses.
 */
export function answerView<R extends ApiRecord>(
  collection: ViewedCollection,
  records: readonly R[],
  view: DataView,
  page: number,
  prepared: PreparedList = prepareList(records),
): DataViewPage<R> {
  const filtered = filterRecords(collection, records, view.filters)
  const { passes } = choicesOf(collection, view)
  const facets = facetCounts(collection, view, filtered, passes)
  const matching = filtered.filter((record) => passes(record, null))

  const column = view.sort
    ? collection.columns.find((candidate) => candidate.field === view.sort?.field)
    : undefined
  let rows: R[]
  if (column && view.sort) {
    const keep = new Uint8Array(records.length)
    for (const record of matching) keep[prepared.positionOf.get(record) ?? 0] = 1
    rows = sortedPositions(prepared.orderOf(column), view.sort.descending, keep).flatMap((position) => {
      const record = records[position]
      return record ? [record] : []
    })
  } else rows = matching
  const pages = pageCount(rows.length)
  return {
    info: { count: rows.length, pages, next: null, prev: null },
    results: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    facets,
  }
}
