import { type ApiRecord, COLLECTIONS, type CollectionView, joinWithAnd } from '../../catalogue'
import { characterPath } from '../../lib/character-path'
import { characterName } from './characters'

/*
 * What a search answers, from the index (search-index.ts, in the worker) or from the service's name filters
 * (the palette before the index exists): both give results in this shape.
 */

/** One result: a record, a value of a field naming a group of records, or a character; and where it leads. */
export interface SearchHit {
  /** Unique in an answer: `locations/3`, `locations/type/Planet`, `characters/42`. */
  key: string
  collection: string
  name: string
  /** The record's other fields in a line: `Asteroid · Fantasy Dimension`, `S01E02 · December 9, 2013`. */
  detail: string
  path: string
  /** A record's id (no other result has one). */
  recordId?: number
}

/** The results of one collection (or the characters), best first; `total` counts those not shown too. */
export interface SearchGroup {
  collection: string
  title: string
  hits: SearchHit[]
  total: number
}

export interface SearchAnswer {
  groups: SearchGroup[]
  /**
   * A scan of the names alone, answered while the search of the whole catalogue loads (worker/search-names.ts):
   * it may miss what the full search finds (types, typos, characters), so it never means "nothing matches".
   */
  partial?: boolean
}

export const CHARACTERS_GROUP = 'characters'
/** The values of a service's search (contract §13): types and dimensions, each leading to its list. */
export const VALUES_GROUP = 'values'

/** The fields whose values are found as values: those a list filters on, beyond a name and a code. */
const valueLabels = COLLECTIONS.flatMap((collection) =>
  collection.filters
    .filter((field) => field !== 'name' && field !== 'episode')
    .map((field) => (collection.filterLabels as Record<string, string>)[field] ?? field),
)
const valuesTitle = joinWithAnd(valueLabels.map((label) => `${label.toLowerCase()}s`))

const TITLES = new Map<string, string>([
  ...COLLECTIONS.map((collection) => [collection.name, collection.labels.title] as const),
  [CHARACTERS_GROUP, 'Characters'],
  [VALUES_GROUP, `${valuesTitle.charAt(0).toUpperCase()}${valuesTitle.slice(1)}`],
])

/** The title of a group of results: its collection's ("Locations"), "Characters", or "Types and dimensions". */
export function groupTitle(collection: string): string {
  return TITLES.get(collection) ?? collection
}
/** Results shown per group; the rest are counted. */
export const HITS_PER_GROUP = 8

const detailFields = new Map<string, string[]>(
  COLLECTIONS.map((collection) => [
    collection.name,
    collection.recordFields
      .map((field) => field.field as string)
      .filter((field) => field !== collection.characterLinks.field && field !== 'created'),
  ]),
)

/** A record's fields after its name, as a result shows them: its record page's fields but links and dates. */
export function recordDetail(collection: string, record: ApiRecord): string {
  const open = record as ApiRecord & Record<string, unknown>
  return (detailFields.get(collection) ?? [])
    .map((field) => String(open[field] ?? ''))
    .filter((text) => text !== '')
    .join(' · ')
}

/** A record as a result. */
export function recordHit(
  collection: Pick<CollectionView, 'name' | 'appPath'>,
  record: ApiRecord,
): SearchHit {
  return {
    key: `${collection.name}/${record.id}`,
    collection: collection.name,
    name: record.name,
    detail: recordDetail(collection.name, record),
    path: `${collection.appPath}/${record.id}`,
    recordId: record.id,
  }
}

const collectionsByName = new Map<string, (typeof COLLECTIONS)[number]>(
  COLLECTIONS.map((collection) => [collection.name, collection]),
)

/** A value of a field that names a group of records (`Planet · 6,102 locations`), leading to its list. */
export function valueHit(collection: string, field: string, value: string, count: number): SearchHit {
  const known = collectionsByName.get(collection)
  const labels = known?.labels
  const label = (known?.filterLabels as Record<string, string> | undefined)?.[field] ?? field
  return {
    key: `${collection}/${field}/${value}`,
    collection,
    name: value,
    detail: `${label} · ${count.toLocaleString('en-US')} ${count === 1 ? labels?.singular : labels?.plural}`,
    path: `${known?.appPath ?? ''}?${new URLSearchParams({ [field]: value })}`,
  }
}

/** A character a query names (`#42`), leading to its page. */
export function characterHit(id: number): SearchHit {
  return {
    key: `${CHARACTERS_GROUP}/${id}`,
    collection: CHARACTERS_GROUP,
    name: characterName(id),
    detail: 'Listed as a resident or in an episode',
    path: characterPath(id),
  }
}
