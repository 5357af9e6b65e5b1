import type { AnyCollection, DatasetOf } from './collection'
import { episodes } from './collections/episodes.ts'
import { locations } from './collections/locations.ts'

export * from './collections/episodes.ts'
export * from './collections/locations.ts'

/**
 * The catalogue's collections, in navigation order: the one list the service and the explorer derive their
 * per-collection code from. A new collection is defined in `collections/` and added here.
 */
export const COLLECTIONS = [locations, episodes] as const satisfies readonly AnyCollection[]

export type Collections = typeof COLLECTIONS
export type CatalogueCollection = Collections[number]
export type CollectionName = CatalogueCollection['name']

/** The dataset file of the catalogue (contract section 9): each collection's records, by name. */
export type Dataset = DatasetOf<Collections>
