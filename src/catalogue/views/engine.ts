import type { CollectionView, ColumnKind, Facet, Filters } from '../collection'
import { columnValue, facetValue, SORT_COLLATOR } from '../columns'
import { foldCase } from '../filters'
import { appliedFilters } from '../list-addresses'
import { PAGE_SIZE, pageCount } from '../pagination'
import type { DataViewPage, FacetCounts, ListView } from './view'

/*
 * The data tool's engine: a view of a list (the service's filters, facet values, ranges, a sort) answered
 * from every record of a collection held in memory, with each facet's counts under every other choice. The
 * index worker answers its views with it, and so does the service's memory store (contract §12): one
 * meaning, one implementation. Records are read by field, so a record as the API shows it and as the
 * dataset file holds it are answered alike (the fields a view reads are the same in both).
 */

/** A record as the engine reads it: an id, and fields read by name. */
export type ViewRecord = { readonly id: number }

/** A column as the data tool reads it. */
type ViewColumn = { field: string; kind: ColumnKind; range?: true }
type ViewFacet = Pick<Facet<never>, 'name' | 'label' | 'field' | 'value'>

/** What a view reads of a collection: its filters (as the service applies them), columns and facets. */
export type ViewedCollection = Pick<CollectionView, 'listPath' | 'filters'> & {
  columns: readonly ViewColumn[]
  facets: readonly ViewFacet[]
}

/**
 * The records of a list in the ascending order of one column: a reader's change of sort or direction walks
 * this order instead of sorting again.
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
export function columnOrder(records: readonly ViewRecord[], column: ViewColumn): ColumnOrder {
  const values = records.map((record) => columnValue(record, column))
  const idOf = (position: number) => records[position]?.id ?? 0
  const positions = records.map((_, position) => position)
  positions.sort((a, b) => {
    const va = values[a] ?? null
    const vb = values[b] ?? null
    if (va === null || vb === null) return (va === null ? 1 : 0) - (vb === null ? 1 : 0) || idOf(a) - idOf(b)
    return compareValues(va, vb) || idOf(a) - idOf(b)
  })
  const order = Uint32Array.from(positions)
  let valued = 0
  while (valued < order.length && values[order[valued] ?? 0] !== null) valued++
  const runStart = new Uint32Array(valued)
  for (let index = 1; index < valued; index++) {
    const same = compareValues(values[order[index - 1] ?? 0] ?? 0, values[order[index] ?? 0] ?? 0) === 0
    runStart[index] = same ? (runStart[index - 1] ?? 0) : index
  }
  return { order, valued, runStart }
}

/** A facet's values coded once: each record's value as a number, and the values by number. */
type CodedFacet = { facet: ViewFacet; codes: Uint32Array; values: string[] }

/** What a list keeps for its views: coded facets, ranged columns' numbers, id order, each column's order. */
export interface PreparedList {
  /** Makes now what a list's views need besides columns' orders: its facets, ranged numbers, folded filters. */
  warm(collection: ViewedCollection): void
  facet(facet: ViewFacet): CodedFacet
  /** A ranged column's value of each record (NaN: none). */
  numbers(column: ViewColumn): Float64Array
  /** Positions in id order, of the records the service's filters match (the last answer kept). */
  filtered(collection: ViewedCollection, filters: Filters<string>): Uint32Array
  orderOf(column: ViewColumn): ColumnOrder
  /** How many records the list has. */
  size: number
  /** Each position's record id. */
  ids: Uint32Array
  /**
   * Everything made so far, and every column's order, as structured-cloneable data: `prepareList` takes it back
   * without the records (typed arrays and arrays of strings, which IndexedDB stores as they are).
   */
  save(collection: ViewedCollection): SavedPreparation
}

/** A prepared list as the index's database keeps it (see PreparedList.save). */
export interface SavedPreparation {
  ids: Uint32Array
  byId: Uint32Array
  facets: [string, CodedFacet][]
  numbers: [string, Float64Array][]
  orders: [string, ColumnOrder][]
  folded: [string, string[]][]
}

/** Whether a saved preparation holds every structure `collection`'s views read (its definition may have grown). */
export function savedCovers(saved: SavedPreparation, collection: ViewedCollection): boolean {
  const has = (entries: readonly [string, unknown][], key: string) => entries.some(([name]) => name === key)
  return (
    collection.facets.every((facet) => has(saved.facets, facet.name)) &&
    collection.columns.every(
      (column) => has(saved.orders, column.field) && (!column.range || has(saved.numbers, column.field)),
    ) &&
    collection.filters.every((field) => has(saved.folded, String(field)))
  )
}

/**
 * Prepares a list's records for views; each structure is made when a view first needs it, then kept. From a
 * saved preparation, `records` may be empty: every structure a view needs was saved.
 */
export function prepareList(records: readonly ViewRecord[], saved?: SavedPreparation): PreparedList {
  const facets = new Map<string, CodedFacet>(saved?.facets)
  const numbers = new Map<string, Float64Array>(saved?.numbers)
  const orders = new Map<string, ColumnOrder>(saved?.orders)
  const ids = saved?.ids ?? Uint32Array.from(records, (record) => record.id)
  const byId =
    saved?.byId ??
    Uint32Array.from(records.map((_, position) => position)).sort(
      (a, b) => (records[a]?.id ?? 0) - (records[b]?.id ?? 0),
    )
  const foldedTexts = new Map<string, string[]>(saved?.folded)
  const folded = (field: string) => {
    let texts = foldedTexts.get(field)
    if (!texts) {
      texts = records.map((record) => {
        const fields: Record<string, unknown> = record
        return foldCase(String(fields[field] ?? ''))
      })
      foldedTexts.set(field, texts)
    }
    return texts
  }
  let lastFiltered: { key: string; positions: Uint32Array } | null = null
  return {
    size: ids.length,
    ids,
    save(collection) {
      this.warm(collection)
      for (const column of collection.columns) this.orderOf(column)
      return {
        ids,
        byId,
        // Plain copies: a facet's definition may carry more than its fields, and a function is not kept.
        facets: [...facets].map(([name, { facet, codes, values }]) => [
          name,
          { facet: { name: facet.name, label: facet.label, field: facet.field }, codes, values },
        ]),
        numbers: [...numbers],
        orders: [...orders],
        folded: [...foldedTexts],
      }
    },
    warm(collection) {
      for (const facet of collection.facets) this.facet(facet)
      for (const column of collection.columns) if (column.range) this.numbers(column)
      for (const field of collection.filters) folded(field)
    },
    facet(facet) {
      let coded = facets.get(facet.name)
      if (!coded) {
        const byValue = new Map<string, number>()
        const values: string[] = []
        const codes = new Uint32Array(records.length)
        records.forEach((record, position) => {
          const value = facetValue(record, facet)
          let code = byValue.get(value)
          if (code === undefined) {
            code = values.push(value) - 1
            byValue.set(value, code)
          }
          codes[position] = code
        })
        coded = { facet, codes, values }
        facets.set(facet.name, coded)
      }
      return coded
    },
    numbers(column) {
      let values = numbers.get(column.field)
      if (!values) {
        values = Float64Array.from(records, (record) => {
          const value = columnValue(record, column)
          return typeof value === 'number' ? value : Number.NaN
        })
        numbers.set(column.field, values)
      }
      return values
    },
    filtered(collection, filters) {
      const applied = appliedFilters(collection.filters, filters)
      const key = JSON.stringify(applied)
      if (lastFiltered?.key !== key) {
        // The contract's rule (`filterMatches`), with each field's text folded once per list.
        const tests = applied.map(([field, value]) => ({ texts: folded(field), value: foldCase(value) }))
        const matching: number[] = []
        for (const position of byId) {
          if (tests.every(({ texts, value }) => (texts[position] ?? '').includes(value)))
            matching.push(position)
        }
        lastFiltered = { key, positions: Uint32Array.from(matching) }
      }
      return lastFiltered.positions
    },
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

/** A part of a view's order: its places `start` (included) to `end` (excluded). */
export type ViewWindow = { start: number; end: number }

const WHOLE: ViewWindow = { start: 0, end: Number.POSITIVE_INFINITY }

/**
 * The positions kept by `keep`, in the view's order, within `window`: ascending walks the order; descending
 * walks the runs of equal values from the last, each run still by id; empty values last either way. The walk
 * stops at the window's end: a page asks for twenty, not for the whole order.
 */
function sortedPositions(
  prepared: ColumnOrder,
  descending: boolean,
  keep: Uint8Array | null,
  window: ViewWindow,
): number[] {
  const { order, valued, runStart } = prepared
  const out: number[] = []
  let place = 0
  /** Takes `position` if kept and in the window; false once the window is full. */
  const take = (position: number): boolean => {
    if (keep && !keep[position]) return true
    if (place >= window.end) return false
    if (place >= window.start) out.push(position)
    place++
    return place < window.end
  }
  if (!descending) {
    for (const position of order) if (!take(position)) return out
    return out
  }
  let end = valued
  while (end > 0) {
    const start = runStart[end - 1] ?? 0
    for (let index = start; index < end; index++) if (!take(order[index] ?? 0)) return out
    end = start
  }
  for (let index = valued; index < order.length; index++) if (!take(order[index] ?? 0)) return out
  return out
}

/** Counts the value a record at `position` has in a facet. */
function tallyAt(choice: { codes: Uint32Array; tally: Uint32Array }, position: number) {
  const code = choice.codes[position] ?? 0
  choice.tally[code] = (choice.tally[code] ?? 0) + 1
}

/** How a view is answered beyond its rows. */
export interface ViewOptions {
  /** The facets whose values are counted (by name); all of the collection's by default. */
  count?: readonly string[]
  /**
   * Whether counting has run out of time, asked every few thousand records: once it says yes, counting
   * stops (the rows are still answered whole) and the answer says `counted: false`.
   */
  outOfTime?: () => boolean
  /** The part of the view's order wanted (a page): `ordered` holds only it. The whole order by default. */
  window?: ViewWindow
}

/** A view evaluated: its records' positions in its order, its facets' counts, and whether they were counted. */
export interface EvaluatedView {
  /** Positions in the prepared list, in the view's order (within its window: see ViewOptions.window). */
  ordered: number[]
  /** How many records the whole view holds. */
  count: number
  /** The counted facets (see ViewOptions.count), in the collection's order. */
  facets: FacetCounts[]
  /** False when counting ran out of time: the counts are then partial, and only chosen values are known. */
  counted: boolean
}

/**
 * One page of a view of a list, answered from every record of the collection (`records`, in any order):
 * the service's filters by the contract's rule, then facets and ranges, sorted by a column (ties by id, empty
 * values last) or by id, with each facet's counts under every other choice. `prepared` keeps what the next
 * view of the same records reuses.
 */
export function answerView<R extends ViewRecord>(
  collection: ViewedCollection,
  records: readonly R[],
  view: ListView,
  page: number,
  prepared: PreparedList = prepareList(records),
): DataViewPage<R> {
  const { positions, ...answer } = answerViewPositions(collection, view, page, prepared)
  const results = positions.flatMap((position) => {
    const record = records[position]
    return record ? [record] : []
  })
  return { ...answer, results }
}

/** A view's page as positions in the prepared list (what `answerView` answers, without reading records). */
export function answerViewPositions(
  collection: ViewedCollection,
  view: ListView,
  page: number,
  prepared: PreparedList,
): Omit<DataViewPage, 'results'> & { positions: number[] } {
  const window = { start: (page - 1) * PAGE_SIZE, end: page * PAGE_SIZE }
  const { ordered, count, facets } = evaluateView(
    collection,
    view,
    prepared,
    prepared.filtered(collection, view.filters),
    { window },
  )
  return { info: { count, pages: pageCount(count), next: null, prev: null }, positions: ordered, facets }
}

/** The positions of every record of a view, in its order (what an export of the view writes). */
export function viewPositions(
  collection: ViewedCollection,
  view: ListView,
  prepared: PreparedList,
): number[] {
  const base = prepared.filtered(collection, view.filters)
  return evaluateView(collection, view, prepared, base, { count: [] }).ordered
}

/** Every record of a view, in its order (what an export of the view writes). */
export function viewRecords<R extends ViewRecord>(
  collection: ViewedCollection,
  records: readonly R[],
  view: ListView,
  prepared: PreparedList = prepareList(records),
): R[] {
  const base = prepared.filtered(collection, view.filters)
  return evaluateView(collection, view, prepared, base, { count: [] }).ordered.flatMap((position) => {
    const record = records[position]
    return record ? [record] : []
  })
}

/** How often (in records) counting asks whether it has run out of time. */
const TIME_CHECK_EVERY = 4096

/**
 * A view's records' positions in its order, and its facets' counts: `base` holds the positions (in id order)
 * of the records the service's filters match (the view's `filters` are not read again here).
 */
export function evaluateView(
  collection: ViewedCollection,
  view: ListView,
  prepared: PreparedList,
  base: ArrayLike<number> & Iterable<number>,
  options: ViewOptions = {},
): EvaluatedView {
  const counting = (name: string) => !options.count || options.count.includes(name)
  // Each choice is a test of a record's position; a record counts toward a facet when it passes every other.
  const coded = collection.facets.flatMap((facet) => {
    const chosen = new Set(view.facets[facet.name] ?? [])
    const counted = counting(facet.name)
    if (chosen.size === 0 && !counted) return []
    const { codes, values } = prepared.facet(facet)
    const allowed = new Uint8Array(values.length)
    values.forEach((value, code) => {
      if (chosen.has(value)) allowed[code] = 1
    })
    const tally = new Uint32Array(counted ? values.length : 0)
    return [{ facet, codes, values, chosen, allowed, active: chosen.size > 0, counted, tally }]
  })
  const tallied = coded.filter((choice) => choice.counted)
  const ranges = collection.columns.flatMap((column) => {
    const bounds = column.range ? view.ranges[column.field] : undefined
    if (!bounds || (bounds.from === null && bounds.to === null)) return []
    const from = bounds.from ?? Number.NEGATIVE_INFINITY
    const to = bounds.to ?? Number.POSITIVE_INFINITY
    return [{ values: prepared.numbers(column), from, to }]
  })

  const column = view.sort
    ? collection.columns.find((candidate) => candidate.field === view.sort?.field)
    : undefined
  const sort =
    column && view.sort ? { order: prepared.orderOf(column), descending: view.sort.descending } : null
  const window = options.window ?? WHOLE

  // Nothing to test or count beyond the service's filters, over every record: the view is the base itself.
  const plain = tallied.length === 0 && ranges.length === 0 && coded.every((choice) => !choice.active)
  if (plain && (!sort || base.length === prepared.size)) {
    const ordered = sort
      ? sortedPositions(sort.order, sort.descending, null, window)
      : Array.from({ length: Math.max(0, Math.min(window.end, base.length) - window.start) }, (_, index) => {
          return base[window.start + index] ?? 0
        })
    return { ordered, count: base.length, facets: [], counted: true }
  }

  const keep = new Uint8Array(prepared.size)
  // Unsorted, the view's order is the base's: its window is kept as the records pass.
  const matching: number[] = []
  let count = 0
  let counted = true
  // Asked at the first record, then every TIME_CHECK_EVERY.
  let untilCheck = 1
  for (let index = 0; index < base.length; index++) {
    const position = base[index] ?? 0
    if (counted && tallied.length > 0 && options.outOfTime && --untilCheck === 0) {
      untilCheck = TIME_CHECK_EVERY
      if (options.outOfTime()) counted = false
    }
    let failures = 0
    let failed = -1
    for (let at = 0; at < coded.length && failures < 2; at++) {
      const choice = coded[at]
      if (choice?.active && !choice.allowed[choice.codes[position] ?? 0]) {
        failures++
        failed = at
      }
    }
    for (const { values, from, to } of ranges) {
      if (failures > 1) break
      const value = values[position] ?? Number.NaN
      if (!(value >= from && value <= to)) failures += 2
    }
    if (failures === 0) {
      keep[position] = 1
      if (!sort && count >= window.start && count < window.end) matching.push(position)
      count++
      if (counted) for (const choice of tallied) tallyAt(choice, position)
    } else if (failures === 1 && counted) {
      const choice = coded[failed]
      if (choice?.counted) tallyAt(choice, position)
    }
  }

  const facets: FacetCounts[] = tallied.map(({ facet, values, chosen, tally }) => ({
    name: facet.name,
    label: facet.label,
    values: [
      ...values.flatMap((value, code) => {
        const count = tally[code] ?? 0
        return count > 0 || chosen.has(value) ? [{ value, count, chosen: chosen.has(value) }] : []
      }),
      // A chosen value no record has stays in its list, at 0.
      ...[...chosen]
        .filter((value) => !values.includes(value))
        .map((value) => ({ value, count: 0, chosen: true })),
    ].sort(compareFacetValues),
  }))

  const ordered = sort ? sortedPositions(sort.order, sort.descending, keep, window) : matching
  return { ordered, count, facets, counted }
}

/** A facet's values in the order they are listed: most frequent first, then by the collator, then by code point. */
export function compareFacetValues(
  a: { value: string; count: number },
  b: { value: string; count: number },
): number {
  return (
    b.count - a.count ||
    SORT_COLLATOR.compare(a.value, b.value) ||
    (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)
  )
}
