import type { Column } from '../catalogue'

/*
 * The data tool's part of a list's address, in Datasette's style so that no name can be mistaken for the
 * specification's filters (`name`, `type`, `dimension`, `episode`, `page`), and none is ever sent to a service:
 *   `_sort=residents` or `_sort_desc=residents`   the sort (ties by id, empty values last)
 *   `type__exact=Planet&type__exact=`             facet values, exactly as written (empty: "(none)")
 *   `residents__gte=3&air_date__lte=2015-12-31`   ranges, either end optional; dates as `2015`, `2015-07` or
 *                                                 `2015-07-26`, in UTC, each end taking the whole period
 *   `_col=name&_col=created`                      the columns shown, in order
 */

export type SortState = { field: string; descending: boolean }
export type RangeText = { from: string; to: string }

/** The data tool's state of a list, as its address holds it (ranges as typed: the form shows them). */
export interface DataViewUrlState {
  sort: SortState | null
  /** Facet name → chosen values, in the order chosen. */
  facets: Record<string, string[]>
  /** Ranged column → its ends as written (empty: open). */
  ranges: Record<string, RangeText>
  /** The columns shown, in order; null: the collection's default. */
  columns: string[] | null
}

export const EMPTY_DATA_VIEW: DataViewUrlState = { sort: null, facets: {}, ranges: {}, columns: null }

/** What the address reads of a collection: its columns and the names of its facets. */
type Viewed = {
  columns: readonly Pick<Column<never>, 'field' | 'kind' | 'range'>[]
  facets: readonly { name: string }[]
}

const SORT = '_sort'
const SORT_DESC = '_sort_desc'
const COLUMN = '_col'
const EXACT = '__exact'
const FROM = '__gte'
const TO = '__lte'

/** Reads the data tool's state; unknown columns, facets and unreadable bounds are left out. */
export function readDataViewUrl(params: URLSearchParams, collection: Viewed): DataViewUrlState {
  const fields = new Set(collection.columns.map((column) => column.field))
  const ascending = params.get(SORT)
  const descending = params.get(SORT_DESC)
  const sort =
    ascending !== null && fields.has(ascending)
      ? { field: ascending, descending: false }
      : descending !== null && fields.has(descending)
        ? { field: descending, descending: true }
        : null
  const facets: Record<string, string[]> = {}
  for (const facet of collection.facets) {
    const values = [...new Set(params.getAll(`${facet.name}${EXACT}`))]
    if (values.length > 0) facets[facet.name] = values
  }
  const ranges: Record<string, RangeText> = {}
  for (const column of collection.columns) {
    if (!column.range) continue
    const from = (params.get(`${column.field}${FROM}`) ?? '').trim()
    const to = (params.get(`${column.field}${TO}`) ?? '').trim()
    const readable = (text: string) => text === '' || boundOf(column, text, 'from') !== null
    const range = { from: readable(from) ? from : '', to: readable(to) ? to : '' }
    if (range.from !== '' || range.to !== '') ranges[column.field] = range
  }
  const chosen = [...new Set(params.getAll(COLUMN))].filter((field) => fields.has(field))
  return { sort, facets, ranges, columns: chosen.length > 0 ? chosen : null }
}

/** Writes the state in its one canonical form, after the list's own parameters (see `writeListUrl`). */
export function writeDataViewUrl(
  state: DataViewUrlState,
  collection: Viewed,
  params = new URLSearchParams(),
) {
  if (state.sort) params.set(state.sort.descending ? SORT_DESC : SORT, state.sort.field)
  for (const facet of collection.facets)
    for (const value of state.facets[facet.name] ?? []) params.append(`${facet.name}${EXACT}`, value)
  for (const column of collection.columns) {
    const range = state.ranges[column.field]
    if (!column.range || !range) continue
    if (range.from !== '') params.set(`${column.field}${FROM}`, range.from)
    if (range.to !== '') params.set(`${column.field}${TO}`, range.to)
  }
  for (const field of state.columns ?? []) params.append(COLUMN, field)
  return params
}

/** Whether a list's view needs the index: a sort, a facet value or a range (columns alone do not). */
export function needsIndex(
  state: Pick<DataViewUrlState, 'sort'> & { facets: object; ranges: object },
): boolean {
  return state.sort !== null || Object.keys(state.facets).length > 0 || Object.keys(state.ranges).length > 0
}

/** Whether a parameter belongs to the data tool (and so is never sent to a service). */
export function isDataViewParameter(name: string): boolean {
  return name.startsWith('_') || name.endsWith(EXACT) || name.endsWith(FROM) || name.endsWith(TO)
}

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/

/**
 * One end of a range as the index compares it: a number for counts and ids, UTC milliseconds for dates
 * (`from` is the first moment of the period written, `to` its last); null when the text is not one.
 */
export function boundOf(
  column: Pick<Column<unknown>, 'kind'>,
  text: string,
  end: 'from' | 'to',
): number | null {
  if (column.kind === 'count' || column.kind === 'id') return /^\d{1,9}$/.test(text) ? Number(text) : null
  if (column.kind !== 'isoDate' && column.kind !== 'airDate') return null
  const match = DATE.exec(text)
  if (!match) return null
  const year = Number(match[1])
  const month = match[2] === undefined ? null : Number(match[2]) - 1
  const day = match[3] === undefined ? null : Number(match[3])
  if (month !== null && (month < 0 || month > 11)) return null
  const start = Date.UTC(year, month ?? 0, day ?? 1)
  if (day !== null && new Date(start).getUTCDate() !== day) return null
  if (end === 'from') return start
  const next =
    day !== null
      ? Date.UTC(year, month ?? 0, day + 1)
      : month !== null
        ? Date.UTC(year, month + 1, 1)
        : Date.UTC(year + 1, 0, 1)
  return next - 1
}
