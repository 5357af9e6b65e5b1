import { type FilterShorthands, MAX_FILTER_LENGTH, normaliseFilterValue, parsePage } from '../catalogue'

/** What a list shows, as held by its URL: `?name=&type=&dimension=&page=`. */
export type ListUrlState<F extends string> = {
  filters: Record<F, string>
  page: number
}

/**
 * Reads the list state from search parameters. Values a person typed are kept as typed (the form shows them);
 * anything unusable is read as its default: a bad or missing page is page 1, a repeated parameter counts once,
 * an overlong filter is cut to the longest the service accepts, and a shorthand (`S2`) is its full form (`S02`).
 */
export function readListUrl<F extends string>(
  params: URLSearchParams,
  names: readonly F[],
  shorthands?: FilterShorthands<F>,
): ListUrlState<F> {
  const filters = {} as Record<F, string>
  for (const name of names) {
    const value = expand(params.get(name) ?? '', shorthands?.[name])
    filters[name] = normaliseFilterValue(value) === '' ? '' : value.slice(0, MAX_FILTER_LENGTH)
  }
  const page = parsePage(params.get('page') ?? '') ?? 1
  return { filters, page }
}

const expand = (value: string, shorthand: ((value: string) => string) | undefined) =>
  shorthand ? shorthand(value) : value

/**
 * Writes the list state in its one canonical form: set filters in contract order (shorthands in full), then
 * `page` unless it is 1.
 */
export function writeListUrl<F extends string>(
  state: ListUrlState<F>,
  names: readonly F[],
  shorthands?: FilterShorthands<F>,
): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of names) {
    const value = expand(state.filters[name] ?? '', shorthands?.[name])
    if (normaliseFilterValue(value) !== '') params.set(name, value)
  }
  if (state.page > 1) params.set('page', String(state.page))
  return params
}

/** A list state as the search part of its address: `?name=x&page=3`, or '' for page 1 with no filter. */
export function listSearch<F extends string>(
  state: ListUrlState<F>,
  names: readonly F[],
  shorthands?: FilterShorthands<F>,
): string {
  const params = writeListUrl(state, names, shorthands).toString()
  return params ? `?${params}` : ''
}

/**
 * The canonical search string for these parameters when they differ from it (to be written with history
 * replace), or null when the URL is already canonical.
 */
export function canonicalListSearch<F extends string>(
  params: URLSearchParams,
  names: readonly F[],
  shorthands?: FilterShorthands<F>,
): string | null {
  const canonical = writeListUrl(readListUrl(params, names, shorthands), names, shorthands).toString()
  return canonical === params.toString() ? null : canonical
}

/** The filters with surrounding white space removed and empty ones left out: what a request is made of. */
export function activeFilters<F extends string>(filters: Record<F, string>): Partial<Record<F, string>> {
  const active: Partial<Record<F, string>> = {}
  for (const [name, value] of Object.entries(filters) as [F, string][]) {
    const normalised = normaliseFilterValue(value)
    if (normalised) active[name] = normalised
  }
  return active
}

export function hasFilters<F extends string>(filters: Record<F, string>): boolean {
  return Object.keys(activeFilters(filters)).length > 0
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
  const active = Object.entries(activeFilters(filters)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return new URLSearchParams(active as [string, string][]).toString() as FilterKey
}
