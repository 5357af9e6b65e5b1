import { z } from 'zod'
import { EPISODE_CODE_PATTERN, parseAirDate } from '../../src/catalogue'

/** What each field of a dataset record must hold, in the words a refused file's message uses. */
export const FIELD_RULES = {
  id: 'must be a positive whole number',
  name: 'must be a string',
  type: 'must be a string (it may be empty)',
  dimension: 'must be a string (it may be empty)',
  residents: 'must be an array of positive integers',
  characters: 'must be an array of positive integers',
  air_date: 'must be a real date such as "December 2, 2013" (English month, day, comma, four-digit year)',
  episode: 'must be an episode code such as "S01E11"',
  created: 'must be an ISO 8601 UTC time with milliseconds, such as "2017-11-10T12:42:04.162Z"',
} as const

const id = z.int().positive()
const characterIds = z.array(z.int().positive())
const created = z.iso.datetime({ precision: 3 })

export const DatasetLocationSchema = z.object({
  id,
  name: z.string(),
  type: z.string(),
  dimension: z.string(),
  residents: characterIds,
  created,
})

export const DatasetEpisodeSchema = z.object({
  id,
  name: z.string(),
  air_date: z.string().refine((text) => parseAirDate(text) !== null),
  episode: z.string().regex(EPISODE_CODE_PATTERN),
  characters: characterIds,
  created,
})

export type DatasetLocation = z.infer<typeof DatasetLocationSchema>
export type DatasetEpisode = z.infer<typeof DatasetEpisodeSchema>

export interface Dataset {
  locations: DatasetLocation[]
  episodes: DatasetEpisode[]
}

export const DATASET_COLLECTIONS = {
  locations: DatasetLocationSchema,
  episodes: DatasetEpisodeSchema,
} as const
