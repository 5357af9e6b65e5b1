import {
  appliedFilters,
  type Column,
  type Facet,
  type FilterShorthands,
  MAX_FILTER_LENGTH,
  normaliseFilterValue,
  parsePage,
} from '../catalogue'
import {
  type DataViewUrlState,
  EMPTY_DATA_VIEW,
  readDataViewUrl,
  writeDataViewUrl,
} from '../catalogue/views/parameters'

/**
 * What a list shows, as held by its URL: the specification's `?name=&type=&dimension=&page=`, and the data
 * tool's view (sort, facets, ranges, columns: see src/catalogue/views/parameters.ts), sent to a service only when it answers views.
 */
export type ListUrlState<F extends string> = {
  filters: Record<F, string>
  page: number
  /** Left out: the default view. */
  view?: DataViewUrlState
}

/** What a list's address reads of its collection: its filters, and the columns and facets of its views. */
export type ListShape<F extends string> = {
  filters: readonly F[]
  filterShorthands?: FilterShorthands<F>
  columns?: readonly Pick<Column<never>, 'field' | 'kind' | 'range'>[]
  facets?: readonly Pick<Facet<never>, 'name'>[]
}

const viewed = <F extends string>(list: ListShape<F>) => ({
  columns: list.columns ?? [],
  facets: list.facets ?? [],
})

/**
 * Reads the list state from search parameters. Values a person typed are kept as typed (the form shows them);
 * anything unusable is read as its default: a bad or missing page is page 1, a repeated parameter counts once,
 * an overlong filter is cut to the longest the service accepts, and a shorthand (`S2`) is its full form (`S02`).
 */
export function readListUrl<F extends string>(
  params: URLSearchParams,
  list: ListShape<F>,
): Required<ListUrlState<F>> {
  const filters = {} as Record<F, string>
  for (const name of list.filters) {
    const value = expand(params.get(name) ?? '', list.filterShorthands?.[name])
    filters[name] = normaliseFilterValue(value) === '' ? '' : value.slice(0, MAX_FILTER_LENGTH)
  }
  const page = parsePage(params.get('page') ?? '') ?? 1
  return { filters, page, view: readDataViewUrl(params, viewed(list)) }
}

const expand = (value: string, shorthand: ((value: string) => string) | undefined) =>
  shorthand ? shorthand(value) : value

/**
 * Writes the list state in its one canonical form: set filters in contract order (shorthands in full), then
 * `page` unless it is 1, then the view's parameters.
 */
export function writeListUrl<F extends string>(state: ListUrlState<F>, list: ListShape<F>): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of list.filters) {
    const value = expand(state.filters[name] ?? '', list.filterShorthands?.[name])
    if (normaliseFilterValue(value) !== '') params.set(name, value)
  }
  if (state.page > 1) params.set('page', String(state.page))
  return writeDataViewUrl(state.view ?? EMPTY_DATA_VIEW, viewed(list), params)
}

/** A list state as the search part of its address: `?name=x&page=3`, or '' for page 1 with no filter. */
export function listSearch<F extends string>(state: ListUrlState<F>, list: ListShape<F>): string {
  const params = writeListUrl(state, list).toString()
  return params ? `?${params}` : ''
}

/**
 * The canonical search string for these parameters when they differ from it (to be written with history
 * replace), or null when the URL is already canonical.
 */
export function canonicalListSearch<F extends string>(
  params: URLSearchParams,
  list: ListShape<F>,
): string | null {
  const canonical = writeListUrl(readListUrl(params, list), list).toString()
  return canonical === params.toString() ? null : canonical
}

/** The filters of a list's state that apply (see `appliedFilters`), in the state's order: the contract's. */
const applying = (filters: Record<string, string>) => appliedFilters(Object.keys(filters), filters)

export function hasFilters<F extends string>(filters: Record<F, string>): boolean {
  return applying(filters).length > 0
}

/** Every filter of a collection, unset. */
export function emptyFilters<F extends string>(names: readonly F[]): Record<F, string> {
  return Object.fromEntries(names.map((name) => [name, ''])) as Record<F, string>
}

/**
 * Which records a list's filters ask for, as one comparable value: filters that ask the same question (the
 * same values after trimming, empty ones left out) have the same key. The one place filter sets are compared.
 */
export type FilterKey = string & { readonly __filterKey: true }

export function filterKey<F extends string>(filters: Record<F, string>): FilterKey {
  const active = applying(filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return new URLSearchParams(active.map(([name, value]) => [name, value])).toString() as FilterKey
}
