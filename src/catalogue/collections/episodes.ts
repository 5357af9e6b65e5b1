import { z } from 'zod/mini'
import { parseAirDate } from '../air-date.ts'
import { apiId, CHARACTER_IDS_RULE, characterIds, datasetCreated, datasetId } from '../dataset-fields.ts'
import { defineCollection } from '../define-collection.ts'
import { EPISODE_CODE_PATTERN, normaliseEpisodeCode, seasonCode } from '../episode-code.ts'

export const EpisodeSchema = z.object({
  id: apiId,
  name: z.string(),
  air_date: z.string(),
  episode: z.string(),
  characters: z.array(z.string()),
  url: z.string(),
  created: z.string(),
})

export const DatasetEpisodeSchema = z.object({
  id: datasetId,
  name: z.string(),
  air_date: z.string().check(z.refine((text) => parseAirDate(text) !== null)),
  episode: z.string().check(z.regex(EPISODE_CODE_PATTERN)),
  characters: characterIds,
  created: datasetCreated,
})

export type Episode = z.infer<typeof EpisodeSchema>
export type DatasetEpisode = z.infer<typeof DatasetEpisodeSchema>

export const episodes = defineCollection({
  name: 'episodes',
  // The specification writes the episodes list with a trailing slash; both spellings are served.
  listPath: '/v1/episodes/',
  labels: { singular: 'episode', plural: 'episodes', title: 'Episodes', notFound: 'Episode not found' },
  record: EpisodeSchema,
  dataset: DatasetEpisodeSchema,
  datasetRules: {
    air_date: 'must be a real date such as "December 2, 2013" (English month, day, comma, four-digit year)',
    episode: 'must be an episode code such as "S01E11"',
    characters: CHARACTER_IDS_RULE,
  },
  filters: ['name', 'episode'],
  filterLabels: { name: 'Name', episode: 'Episode code' },
  filterShorthands: { episode: normaliseEpisodeCode },
  characterLinks: {
    field: 'characters',
    singular: 'character',
    plural: 'characters',
    listLabel: 'Character numbers',
  },
  recordFields: [
    { field: 'episode', label: 'Episode code' },
    { field: 'air_date', label: 'Air date' },
    { field: 'characters', label: 'Characters' },
    { field: 'created', label: 'Created' },
  ],
  columns: [
    { field: 'id', label: 'Id', kind: 'id', shown: false },
    { field: 'episode', label: 'Episode code', kind: 'text', shown: true },
    { field: 'name', label: 'Name', kind: 'text', shown: true },
    { field: 'air_date', label: 'Air date', kind: 'airDate', shown: true, range: true },
    { field: 'characters', label: 'Characters', kind: 'count', shown: true, range: true },
    { field: 'created', label: 'Created', kind: 'isoDate', shown: false, range: true },
  ],
  facets: [{ name: 'season', label: 'Season', field: 'episode', value: seasonCode }],
  toRecord: (record, at) => ({
    id: record.id,
    name: record.name,
    air_date: record.air_date,
    episode: record.episode,
    characters: at.characters(record.characters),
    url: at.self(record.id),
    created: record.created,
  }),
})
