import { EPISODE_FILTERS, LOCATION_FILTERS } from './filters'
import { EpisodePageSchema, EpisodeSchema, LocationPageSchema, LocationSchema } from './records'

export const API_PREFIX = '/v1'

/**
 * Everything both programs need to know about a collection: its paths, its filters, its schemas and how
 * people call its records.
 */
export const collections = {
  locations: {
    /** The list path as the specification writes it. */
    listPath: `${API_PREFIX}/locations`,
    itemPath: `${API_PREFIX}/locations`,
    filters: LOCATION_FILTERS,
    recordSchema: LocationSchema,
    pageSchema: LocationPageSchema,
    singular: 'location',
    plural: 'locations',
    notFound: 'Location not found',
  },
  episodes: {
    listPath: `${API_PREFIX}/episodes/`,
    itemPath: `${API_PREFIX}/episodes`,
    filters: EPISODE_FILTERS,
    recordSchema: EpisodeSchema,
    pageSchema: EpisodePageSchema,
    singular: 'episode',
    plural: 'episodes',
    notFound: 'Episode not found',
  },
} as const

export type CollectionName = keyof typeof collections
export const COLLECTION_NAMES = Object.keys(collections) as CollectionName[]

/** The path the characters named in `residents` and `characters` would be served at. */
export const CHARACTERS_PATH = `${API_PREFIX}/characters`
