import type { DatasetLocation } from '../../src/catalogue'

/** A change that spoils a copy of the shipped dataset (collections by name, records as plain objects). */
export type DatasetChange = (dataset: Record<string, Record<string, unknown>[]>) => void

const record = (d: Parameters<DatasetChange>[0], collection: string, index: number) =>
  (d[collection] as Record<string, unknown>[])[index] as Record<string, unknown>

/**
 * Datasets every loader refuses (the file loader, `npm run db:load`): what spoils the shipped dataset, and the
 * sentence after "Dataset <file>: ", naming the collection, the record and the field.
 */
export const DATASET_REFUSALS: [label: string, change: DatasetChange, message: string][] = [
  [
    'a resident that is not a positive integer',
    (d) => {
      ;(d.locations as Record<string, unknown>[])[3] = { ...d.locations?.[3], residents: [1, 'x'] }
    },
    'locations[3] (id 4): "residents" must be an array of positive integers',
  ],
  [
    'a missing field',
    (d) => {
      delete d.episodes?.[5]?.air_date
    },
    'episodes[5] (id 6): "air_date" is missing; it must be a real date such as "December 2, 2013" (English month, day, comma, four-digit year)',
  ],
  [
    'a duplicate id',
    (d) => {
      ;(d.locations?.[9] as Record<string, unknown>).id = 3
    },
    'locations[9] (id 3): "id" must be unique, but locations[2] has the same id',
  ],
  [
    'an air date that names no real day',
    (d) => {
      ;(d.episodes?.[4] as Record<string, unknown>).air_date = 'February 30, 2014'
    },
    'episodes[4] (id 5): "air_date" must be a real date such as "December 2, 2013" (English month, day, comma, four-digit year)',
  ],
  [
    'a bad episode code',
    (d) => {
      ;(d.episodes?.[0] as Record<string, unknown>).episode = 'S1E1'
    },
    'episodes[0] (id 1): "episode" must be an episode code such as "S01E11"',
  ],
  [
    'a time without milliseconds',
    (d) => {
      ;(d.episodes?.[2] as Record<string, unknown>).created = '2017-11-10T12:42:04Z'
    },
    'episodes[2] (id 3): "created" must be an ISO 8601 UTC time with milliseconds, such as "2017-11-10T12:42:04.162Z"',
  ],
  [
    'an id of zero',
    (d) => {
      ;(d.locations?.[0] as Record<string, unknown>).id = 0
    },
    'locations[0] (id 0): "id" must be a positive whole number',
  ],
  [
    'a record that is not an object',
    (d) => {
      ;(d.locations as unknown[])[2] = 5
    },
    'locations[2] must be an object',
  ],
  [
    'a collection that is not an array',
    (d) => {
      ;(d as Record<string, unknown>).episodes = {}
    },
    '"episodes" must be an array of records',
  ],
  [
    'a name holding U+0000',
    (d) => {
      record(d, 'locations', 6).name = 'Null\u0000Space'
    },
    'locations[6] (id 7): "name" contains U+0000 (a null character), which a catalogue may not hold',
  ],
  [
    'a dimension holding an unpaired surrogate',
    (d) => {
      record(d, 'locations', 1).dimension = 'Dimension \ud83d'
    },
    'locations[1] (id 2): "dimension" contains an unpaired surrogate (U+D83D), which is not a character and a catalogue may not hold',
  ],
  [
    'an episode name holding a low surrogate alone',
    (d) => {
      record(d, 'episodes', 3).name = '\udc00 Alone'
    },
    'episodes[3] (id 4): "name" contains an unpaired surrogate (U+DC00), which is not a character and a catalogue may not hold',
  ],
  [
    'a name of 10,001 characters',
    (d) => {
      record(d, 'locations', 5).name = `${'é'.repeat(5_000)}${'🪐'.repeat(5_001)}`
    },
    'locations[5] (id 6): "name" holds more than 10,000 characters, the most a catalogue text may hold',
  ],
]

/** A location whose text needs every care a store can give it, and is allowed. */
export const CAREFUL_TEXT: Pick<DatasetLocation, 'name' | 'type' | 'dimension'> = {
  name: 'Café 100% \\ _under_ 🪐 Ωmega',
  type: '',
  dimension: 'Dimension \u{1F30C}',
}
