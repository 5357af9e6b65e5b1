import { z } from 'zod/mini'
import { apiId, CHARACTER_IDS_RULE, characterIds, datasetCreated, datasetId } from '../dataset-fields.ts'
import { defineCollection } from '../define-collection.ts'

export const LocationSchema = z.object({
  id: apiId,
  name: z.string(),
  type: z.string(),
  dimension: z.string(),
  residents: z.array(z.string()),
  url: z.string(),
  created: z.string(),
})

export const DatasetLocationSchema = z.object({
  id: datasetId,
  name: z.string(),
  type: z.string(),
  dimension: z.string(),
  residents: characterIds,
  created: datasetCreated,
})

export type Location = z.infer<typeof LocationSchema>
export type DatasetLocation = z.infer<typeof DatasetLocationSchema>

export const locations = defineCollection({
  name: 'locations',
  labels: { singular: 'location', plural: 'locations', title: 'Locations', notFound: 'Location not found' },
  record: LocationSchema,
  dataset: DatasetLocationSchema,
  datasetRules: {
    type: 'must be a string (it may be empty)',
    dimension: 'must be a string (it may be empty)',
    residents: CHARACTER_IDS_RULE,
  },
  filters: ['name', 'type', 'dimension'],
  filterLabels: { name: 'Name', type: 'Type', dimension: 'Dimension' },
  characterLinks: {
    field: 'residents',
    singular: 'resident',
    plural: 'residents',
    listLabel: 'Resident character numbers',
  },
  recordFields: [
    { field: 'type', label: 'Type' },
    { field: 'dimension', label: 'Dimension' },
    { field: 'residents', label: 'Residents' },
    { field: 'created', label: 'Created' },
  ],
  columns: [
    { field: 'id', label: 'Id', kind: 'id', shown: false },
    { field: 'name', label: 'Name', kind: 'text', shown: true },
    { field: 'type', label: 'Type', kind: 'text', shown: true },
    { field: 'dimension', label: 'Dimension', kind: 'text', shown: true },
    { field: 'residents', label: 'Residents', kind: 'count', shown: true, range: true },
    { field: 'created', label: 'Created', kind: 'isoDate', shown: false, range: true },
  ],
  facets: [
    { name: 'type', label: 'Type', field: 'type' },
    { name: 'dimension', label: 'Dimension', field: 'dimension' },
  ],
  toRecord: (record, at) => ({
    id: record.id,
    name: record.name,
    type: record.type,
    dimension: record.dimension,
    residents: at.characters(record.residents),
    url: at.self(record.id),
    created: record.created,
  }),
})

export type LocationFilter = (typeof locations.filters)[number]
