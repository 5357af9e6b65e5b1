import type { Column, Facet } from '../collection'
import { MAX_FILTER_LENGTH } from '../filters.ts'

/*
 * The data tool's part of a list's address, in Datasette's style so that no name can be mistaken for the
 * specification's filters (`name`, `type`, `dimension`, `episode`, `page`); a service that answers views
 * (contract §12) reads the same parameters, with `_facet` beside them (see `readApiView`):
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

/** The view of a list asked for nothing but what the list answers anyway (a search's own order). */
export const emptyApiView = (): ApiView => ({
  state: { sort: null, facets: {}, ranges: {}, columns: null },
  counted: [],
  facetSize: DEFAULT_FACET_SIZE,
  facetSizeGiven: false,
})

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

/*
 * A view as a service reads it (contract §12): the same parameters, read strictly. A known parameter with a
 * value it cannot apply is refused with a sentence naming it (docs/api.md has the table); a name that is not
 * one of the list's (`foo__exact`, `name__gte`, `_col`) is ignored, as the contract ignores unknown
 * parameters, and so is an empty bound. `_facet=<facet>` (repeatable) asks for that facet's counts, and
 * `_facet_size` for how many of its values.
 */

/** The facet counting parameter and its size. */
export const FACET = '_facet'
export const FACET_SIZE = '_facet_size'
/** At most this many values of one facet may be chosen at once. */
export const MAX_FACET_VALUES = 50
/** Values of a counted facet listed by default, and at most. */
export const DEFAULT_FACET_SIZE = 30
export const MAX_FACET_SIZE = 1000

/** The insights' facets (contract §13): a count column's records in bins, a date column's by UTC period. */
export const FACET_BINS = '_facet_bins'
export const FACET_DATE = '_facet_date'
export const FACET_DATE_UNIT = '_facet_date_unit'
export const DATE_UNITS = ['year', 'month'] as const
export type DateUnit = (typeof DATE_UNITS)[number]

/** The insights' facets a view was asked for: count columns to bin, date columns to count by period. */
export interface ChartFacets {
  bins: string[]
  dates: string[]
  dateUnit: DateUnit
  /** Whether `_facet_date_unit` was given with a date facet (and so is written back). */
  unitGiven: boolean
}

/** A view a service was asked for: the data tool's state (no columns), and the facets to count. */
export interface ApiView {
  state: DataViewUrlState
  /** The facets whose counts were asked for, in the collection's order. */
  counted: string[]
  /** How many values of each counted facet to list. */
  facetSize: number
  /** Whether `_facet_size` was given (and so is written back). */
  facetSizeGiven: boolean
  /** The insights' facets asked for (contract §13), if any. */
  charted?: ChartFacets
}

export type ApiViewRead = { ok: true; view: ApiView | null } | { ok: false; parameter: string; error: string }

/** What a service's view reads of a collection: its plural, columns and facets. */
type ApiViewed = Viewed & { labels: { plural: string }; facets: readonly Pick<Facet<never>, 'name'>[] }

const listed = (names: readonly string[]) => names.join(', ')

/**
 * Reads the view a list request asks for; `{ ok: true, view: null }` when it asks for none (the list is then
 * answered as the specification's, byte for byte). Only the first refusal is reported.
 */
export function readApiView(params: URLSearchParams, collection: ApiViewed): ApiViewRead {
  const refuse = (parameter: string, error: string): ApiViewRead => ({ ok: false, parameter, error })
  const fields = collection.columns.map((column) => column.field)
  const { plural } = collection.labels

  const ascending = params.getAll(SORT)
  const descending = params.getAll(SORT_DESC)
  if (ascending.length + descending.length > 1) {
    const parameter = ascending.length > 0 ? SORT : SORT_DESC
    return refuse(parameter, `Give one sort: "${SORT}" or "${SORT_DESC}", once.`)
  }
  let sort: SortState | null = null
  for (const [parameter, field, isDescending] of [
    [SORT, ascending[0], false],
    [SORT_DESC, descending[0], true],
  ] as const) {
    if (field === undefined) continue
    if (!fields.includes(field))
      return refuse(
        parameter,
        `The parameter "${parameter}" must name a column of ${plural}: ${listed(fields)}.`,
      )
    sort = { field, descending: isDescending }
  }

  const facets: Record<string, string[]> = {}
  for (const facet of collection.facets) {
    const parameter = `${facet.name}${EXACT}`
    const values = [...new Set(params.getAll(parameter))]
    if (values.length > MAX_FACET_VALUES)
      return refuse(parameter, `At most ${MAX_FACET_VALUES} values of "${parameter}" may be given at once.`)
    if (values.some((value) => value.length > MAX_FILTER_LENGTH))
      return refuse(
        parameter,
        `A value of "${parameter}" may be at most ${MAX_FILTER_LENGTH} characters long.`,
      )
    if (values.length > 0) facets[facet.name] = values
  }

  const ranges: Record<string, RangeText> = {}
  for (const column of collection.columns) {
    if (!column.range) continue
    const range: RangeText = { from: '', to: '' }
    for (const [end, suffix] of [
      ['from', FROM],
      ['to', TO],
    ] as const) {
      const parameter = `${column.field}${suffix}`
      const given = params.getAll(parameter)
      if (given.length > 1) return refuse(parameter, `The parameter "${parameter}" may be given only once.`)
      const text = (given[0] ?? '').trim()
      if (text === '') continue
      if (text.length > MAX_FILTER_LENGTH || boundOf(column, text, end) === null)
        return refuse(parameter, `The parameter "${parameter}" must be ${boundRule(column)}.`)
      range[end] = text
    }
    if (range.from !== '' || range.to !== '') ranges[column.field] = range
  }

  const facetNames = collection.facets.map((facet) => facet.name)
  const asked = params.getAll(FACET)
  const unknown = asked.find((name) => !facetNames.includes(name))
  if (unknown !== undefined)
    return refuse(FACET, `The parameter "${FACET}" must name a facet of ${plural}: ${listed(facetNames)}.`)
  const counted = facetNames.filter((name) => asked.includes(name))

  const sizes = params.getAll(FACET_SIZE)
  const sizeText = sizes[0]
  const size = sizeText !== undefined && /^\d{1,4}$/.test(sizeText) ? Number(sizeText) : Number.NaN
  if (sizes.length > 1 || (sizeText !== undefined && !(size >= 1 && size <= MAX_FACET_SIZE)))
    return refuse(
      FACET_SIZE,
      `The parameter "${FACET_SIZE}" must be a whole number from 1 to ${MAX_FACET_SIZE}, given once.`,
    )

  const charts = readChartFacets(params, collection)
  if (!charts.ok) return charts
  const { charted } = charts

  const state: DataViewUrlState = { sort, facets, ranges, columns: null }
  if (!needsIndex(state) && counted.length === 0 && !charted) return { ok: true, view: null }
  const facetSizeGiven = sizeText !== undefined && counted.length > 0
  const view: ApiView = {
    state,
    counted,
    facetSize: facetSizeGiven ? size : DEFAULT_FACET_SIZE,
    facetSizeGiven,
  }
  if (charted) view.charted = charted
  return { ok: true, view }
}

/** The count columns and the date columns of a collection, by field. */
export function chartedColumns(collection: Pick<Viewed, 'columns'>): { counts: string[]; dates: string[] } {
  return {
    counts: collection.columns.filter((column) => column.kind === 'count').map((column) => column.field),
    dates: collection.columns
      .filter((column) => column.kind === 'isoDate' || column.kind === 'airDate')
      .map((column) => column.field),
  }
}

/** Reads `_facet_bins`, `_facet_date` and `_facet_date_unit` (contract §13); none asked: `charted` undefined. */
function readChartFacets(
  params: URLSearchParams,
  collection: ApiViewed,
): { ok: true; charted: ChartFacets | undefined } | { ok: false; parameter: string; error: string } {
  const { plural } = collection.labels
  const { counts, dates } = chartedColumns(collection)
  const binned = params.getAll(FACET_BINS)
  if (binned.some((field) => !counts.includes(field)))
    return {
      ok: false,
      parameter: FACET_BINS,
      error: `The parameter "${FACET_BINS}" must name a count column of ${plural}: ${listed(counts)}.`,
    }
  const dated = params.getAll(FACET_DATE)
  if (dated.some((field) => !dates.includes(field)))
    return {
      ok: false,
      parameter: FACET_DATE,
      error: `The parameter "${FACET_DATE}" must name a date column of ${plural}: ${listed(dates)}.`,
    }
  const units = params.getAll(FACET_DATE_UNIT)
  const unit = units[0]
  if (units.length > 1 || (unit !== undefined && !(DATE_UNITS as readonly string[]).includes(unit)))
    return {
      ok: false,
      parameter: FACET_DATE_UNIT,
      error: `The parameter "${FACET_DATE_UNIT}" must be year or month, given once.`,
    }
  if (binned.length === 0 && dated.length === 0) return { ok: true, charted: undefined }
  return {
    ok: true,
    charted: {
      bins: counts.filter((field) => binned.includes(field)),
      dates: dates.filter((field) => dated.includes(field)),
      dateUnit: (unit as DateUnit | undefined) ?? 'year',
      unitGiven: unit !== undefined && dated.length > 0,
    },
  }
}

/** What a bound of a column must be, in a sentence's words. */
function boundRule(column: Pick<Column<unknown>, 'kind'>): string {
  return column.kind === 'count' || column.kind === 'id'
    ? 'a whole number of at most 9 digits, such as 3'
    : 'a date written as a year, a month or a day, such as 2015, 2015-07 or 2015-07-26 (UTC)'
}

/**
 * A view's parameters as a service writes them back (in `next`/`prev`, and in its echo): the data tool's
 * canonical order (`writeDataViewUrl`), then `_facet` in the collection's order and `_facet_size` if given.
 */
export function apiViewParameters(view: ApiView, collection: Viewed): [string, string][] {
  const pairs: [string, string][] = [...writeDataViewUrl({ ...view.state, columns: null }, collection)]
  for (const name of view.counted) pairs.push([FACET, name])
  if (view.facetSizeGiven) pairs.push([FACET_SIZE, String(view.facetSize)])
  for (const field of view.charted?.bins ?? []) pairs.push([FACET_BINS, field])
  for (const field of view.charted?.dates ?? []) pairs.push([FACET_DATE, field])
  if (view.charted?.unitGiven) pairs.push([FACET_DATE_UNIT, view.charted.dateUnit])
  return pairs
}

/** Parameters written as an address's query holds them: `name=value` pairs percent-encoded, joined by `&`. */
export function encodeParameters(pairs: Iterable<readonly [string, string]>): string {
  const parts: string[] = []
  for (const [name, value] of pairs) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
  return parts.join('&')
}

/** Whether a parameter is one a service reads as part of a view of this list (a known name, whatever its value). */
export function isApiViewParameter(name: string, collection: Viewed): boolean {
  if (name === SORT || name === SORT_DESC || name === FACET || name === FACET_SIZE) return true
  if (name === FACET_BINS || name === FACET_DATE || name === FACET_DATE_UNIT) return true
  if (collection.facets.some((facet) => name === `${facet.name}${EXACT}`)) return true
  return collection.columns.some(
    (column) => column.range && (name === `${column.field}${FROM}` || name === `${column.field}${TO}`),
  )
}
