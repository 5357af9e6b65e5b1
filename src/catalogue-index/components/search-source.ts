import type { SearchSource } from '../hooks/use-search'

/**
 * What a search says of where its results come from: the palette and a comparison's "Add" say it in the same
 * words. Before the index is built the service's name filter answers, and it is literal (contract §5): case
 * aside, what is typed must be written as in the name, accents included.
 */
export const NAMES_ON_SERVICE =
  'Searching names on the service: the catalogue index is not built yet, so accents must match as written'

export const PREPARING =
  'Searching names on the service while the search of the whole catalogue is prepared in this browser.'

export const NAMES_WHILE_LOADING =
  'Searching names while the search of the whole catalogue loads in this browser.'

/** What a search says when no result has come yet from an answer that is not whole (names, or the service). */
export const STILL_LOADING = 'the search of the whole catalogue is still loading.'

export const WHOLE_CATALOGUE = 'Searching the whole catalogue in this browser.'

export const WHOLE_CATALOGUE_ON_SERVICE = 'Searching the whole catalogue on its service.'

/** The sentence for a source; `allFields`: the palette, which searches types, codes and characters too. */
export function describeSearchSource(source: SearchSource, allFields: boolean): string {
  if (source === 'index') return WHOLE_CATALOGUE
  if (source === 'catalogue') return WHOLE_CATALOGUE_ON_SERVICE
  if (source === 'preparing') return PREPARING
  if (source === 'names') return NAMES_WHILE_LOADING
  return allFields
    ? `${NAMES_ON_SERVICE}, and types, dimensions, episode codes and characters are not searched.`
    : `${NAMES_ON_SERVICE}.`
}
