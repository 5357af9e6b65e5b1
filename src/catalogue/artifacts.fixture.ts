// Test code only: a third collection, defined the way a real one is, to prove that the service and the
// explorer take everything about a collection from its definition.
import { z } from 'zod/mini'
import { apiId, CHARACTER_IDS_RULE, characterIds, datasetCreated, datasetId } from './dataset-fields'
import { defineCollection } from './define-collection'

export const artifacts = defineCollection({
  name: 'artifacts',
  labels: { singular: 'artifact', plural: 'artifacts', title: 'Artifacts', notFound: 'Artifact not found' },
  record: z.object({
    id: apiId,
    name: z.string(),
    kind: z.string(),
    owners: z.array(z.string()),
    url: z.string(),
    created: z.string(),
  }),
  dataset: z.object({
    id: datasetId,
    name: z.string(),
    kind: z.string().check(z.minLength(1)),
    owners: characterIds,
    created: datasetCreated,
  }),
  datasetRules: { kind: 'must be a non-empty string', owners: CHARACTER_IDS_RULE },
  filters: ['name', 'kind'],
  filterLabels: { name: 'Name', kind: 'Kind' },
  characterLinks: {
    field: 'owners',
    singular: 'owner',
    plural: 'owners',
    listLabel: 'Owner character numbers',
  },
  recordFields: [
    { field: 'kind', label: 'Kind' },
    { field: 'owners', label: 'Owners' },
    { field: 'created', label: 'Created' },
  ],
  columns: [
    { field: 'name', label: 'Name', kind: 'text', shown: true },
    { field: 'kind', label: 'Kind', kind: 'text', shown: true },
    { field: 'owners', label: 'Owners', kind: 'count', shown: true, range: true },
  ],
  facets: [{ name: 'kind', label: 'Kind', field: 'kind' }],
  toRecord: (record, at) => ({
    id: record.id,
    name: record.name,
    kind: record.kind,
    owners: at.characters(record.owners),
    url: at.self(record.id),
    created: record.created,
  }),
})

const CREATED = '2024-03-01T09:30:00.000Z'

/** 45 artifacts (three pages), given out of id order; every third is a "Relic", the rest "Tool". */
export const ARTIFACT_RECORDS = Array.from({ length: 45 }, (_, index) => {
  const id = 45 - index
  return {
    id,
    name: id === 7 ? 'Portal Gun' : `Artifact ${id}`,
    kind: id % 3 === 0 ? 'Relic' : 'Tool',
    owners: id === 7 ? [1, 2] : [],
    created: CREATED,
  }
})
