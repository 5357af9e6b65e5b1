import { EMPTY_DATA_VIEW, writeDataViewUrl } from './data-view-url'

/** A list as its facets' addresses read it: its path, columns and facets. */
type FacetedList = Parameters<typeof writeDataViewUrl>[1] & { appPath: string }

/**
 * The address of a list narrowed to the records whose facet has exactly this value, character for character
 * (`/locations?type__exact=Planet`; an empty value is a value too: `type__exact=`).
 */
export function exactValuePath(list: FacetedList, facet: string, value: string): string {
  if (!list.facets.some((declared) => declared.name === facet)) {
    throw new Error(`${list.appPath} has no facet named ${facet}`)
  }
  const params = writeDataViewUrl({ ...EMPTY_DATA_VIEW, facets: { [facet]: [value] } }, list)
  return `${list.appPath}?${params}`
}
