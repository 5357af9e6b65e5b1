import { EMPTY_DATA_VIEW, writeDataViewUrl } from '../catalogue/views/parameters'

/** A list as its view's address reads it: its path, columns and facets. */
type ViewedList = Parameters<typeof writeDataViewUrl>[1] & { appPath: string }

/**
 * The address of a list narrowed to the records whose facet has exactly this value, character for character
 * (`/locations?type__exact=Planet`; an empty value is a value too: `type__exact=`).
 */
export function exactValuePath(list: ViewedList, facet: string, value: string): string {
  return exactValuesPath(list, facet, [value])
}

/** The address of a list narrowed to the records with any of these values of a facet (`?season__exact=S01&…`). */
export function exactValuesPath(list: ViewedList, facet: string, values: readonly string[]): string {
  if (!list.facets.some((declared) => declared.name === facet)) {
    throw new Error(`${list.appPath} has no facet named ${facet}`)
  }
  const params = writeDataViewUrl({ ...EMPTY_DATA_VIEW, facets: { [facet]: [...values] } }, list)
  return `${list.appPath}?${params}`
}

/**
 * The address of a list narrowed to the records whose ranged column lies between two ends, both included, as
 * written in the address (`/episodes?air_date__gte=2015&air_date__lte=2015`: the whole year, in UTC).
 */
export function rangePath(list: ViewedList, field: string, from: string, to: string): string {
  if (!list.columns.some((column) => column.field === field && column.range)) {
    throw new Error(`${list.appPath} has no range on ${field}`)
  }
  const params = writeDataViewUrl({ ...EMPTY_DATA_VIEW, ranges: { [field]: { from, to } } }, list)
  return `${list.appPath}?${params}`
}
