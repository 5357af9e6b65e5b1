import type { z } from 'zod/mini'

export const API_PREFIX = '/v1'

/** The path the characters named in a collection's character links would be served at. */
export const CHARACTERS_PATH = `${API_PREFIX}/characters`

/** The fields every record of every collection has in the API. */
export type ApiRecord = { id: number; name: string; url: string; created: string }

/** The fields every record of every collection has in the dataset file (contract section 9). */
export type DatasetRecord = { id: number; name: string; created: string }

/** Builds the addresses a record shows; `base` is the service's public base. */
export interface Addresses {
  /** The address of a record of this collection. */
  self(id: number): string
  /** The addresses of characters, in the order given. */
  characters(ids: readonly number[]): string[]
}

/** What the dataset's fields of every collection must hold, in the words a refused file's message uses. */
export const COMMON_DATASET_RULES = {
  id: 'must be a positive whole number',
  name: 'must be a string',
  created: 'must be an ISO 8601 UTC time with milliseconds, such as "2017-11-10T12:42:04.162Z"',
} as const

type Labels = {
  /** "location": one record, in running text. */
  singular: string
  /** "locations": several records, in running text. */
  plural: string
  /** "Locations": the heading of the list and its link in the navigation. */
  title: string
  /** The message of a 404 for a missing record: "Location not found". */
  notFound: string
}

/** One field a record page shows, in order, and the term it is shown with. */
export type RecordField<R> = { field: keyof R & string; label: string }

/**
 * How a list's column is read by the data tool (the catalogue index's sort and ranges): `text` by the fixed
 * collator (`SORT_COLLATOR`), `count` as the number of entries of an array field, `isoDate` and `airDate` as a
 * time in UTC, `id` as the number it is.
 */
export type ColumnKind = 'id' | 'text' | 'count' | 'isoDate' | 'airDate'

/** One column a list can show: every column sorts; a `range` column also takes from/to bounds. */
export type Column<R> = {
  field: keyof R & string
  label: string
  kind: ColumnKind
  /** Shown when the reader has not chosen the columns. */
  shown: boolean
  /** Numbers and dates: the data tool offers a range (from, to) on it. */
  range?: true
}

/**
 * A facet: a field with a limited set of values, each offered with its count. A record's value is the field's
 * text exactly (an empty string is a value of its own), or what `value` makes of that text: one string, such
 * as the season of an episode code (`S02E03` → `S02`). Whoever answers facets runs it (the index's engine).
 */
export type Facet<R> = {
  name: string
  label: string
  field: keyof R & string
  /** A record's value of the facet from its field's text; without it, the text itself. */
  value?: (text: string) => string
}

/** The field holding a record's character links (`residents`, `characters`) and how people call them. */
export type CharacterLinks<Field extends string> = {
  field: Field
  /** "resident", "residents": a count of them in running text. */
  singular: string
  plural: string
  /** The accessible name of the list of their character numbers: "Resident character numbers". */
  listLabel: string
}

/**
 * Per filter, how a shorthand a person types becomes the value as the records write it (`S2` → `S02`). The
 * service's filters stay literal (contract §5): the explorer asks for the full form, shows it and keeps it.
 */
export type FilterShorthands<F extends string> = { readonly [K in F]?: (value: string) => string }

/** What the explorer reads of a collection: no dataset types, so its code is generic in the record alone. */
export interface CollectionView<R extends ApiRecord = ApiRecord, F extends string = string> {
  name: string
  labels: Labels
  /** The list path as the specification writes it (episodes: `/v1/episodes/`). */
  listPath: string
  /** The path of records by id, without the trailing `/{ids}`: `/v1/locations`. */
  itemPath: string
  /** The explorer's own path for the list: `/locations`. */
  appPath: string
  /** A record as the API shows it; the explorer validates every answer with it. */
  record: z.ZodMiniType<R>
  /** A list page as the API answers it. */
  page: z.ZodMiniType<ListPage<R>>
  /** The filters a list accepts, in the order they appear in `next`/`prev` addresses and in forms. */
  filters: readonly F[]
  /** The label of each filter, in forms. */
  filterLabels: { readonly [K in F]: string }
  /** Filters whose values have a shorthand: the explorer writes the full form before asking the service. */
  filterShorthands?: FilterShorthands<F>
  characterLinks: CharacterLinks<keyof R & string>
  /** The fields a record page shows below the record's name, in order. */
  recordFields: readonly RecordField<R>[]
  /** The columns a list can show, in their default order: the data tool sorts by each, and ranges some. */
  columns: readonly Column<R>[]
  /** The facets of the list: fields with a limited set of values. */
  facets: readonly Facet<R>[]
}

/** What the service reads of any collection: the store, the service and the routes work on every one alike. */
export interface AnyCollection {
  name: string
  labels: Labels
  listPath: string
  itemPath: string
  filters: readonly string[]
  /** A record as the dataset file holds it; the service validates the file with it at start. */
  dataset: z.ZodMiniType<DatasetRecord>
  /** A record as the API shows it (its fields, in order, are a stream's columns). */
  record: z.ZodMiniType<ApiRecord>
  /** The field holding character links (a stream's CSV writes their ids). */
  characterLinks: Pick<CharacterLinks<string>, 'field'>
  /** For each dataset field beyond `id`, `name` and `created`: what it must hold, for a refused file's message. */
  datasetRules: { readonly [field: string]: string }
  /** A dataset record as the API shows it: the fields in the specification's order, addresses made with `at`. */
  toRecord(record: DatasetRecord, at: Addresses): ApiRecord
  /** The text of a dataset record's field, as a filter matches it. */
  filterText(record: DatasetRecord, field: string): string
  /** The list's columns and facets, as a service that answers views reads them (the dataset has their fields). */
  columns: readonly Pick<Column<never>, 'field' | 'label' | 'kind' | 'range'>[]
  facets: readonly Pick<Facet<never>, 'name' | 'label' | 'field' | 'value'>[]
}

/** A collection, made by `defineCollection`. */
export interface Collection<
  Name extends string = string,
  R extends ApiRecord = ApiRecord,
  D extends DatasetRecord = DatasetRecord,
  F extends string = string,
> extends CollectionView<R, F>,
    AnyCollection {
  name: Name
  filters: readonly F[]
  dataset: z.ZodMiniType<D>
  datasetRules: { readonly [K in Exclude<keyof D, keyof DatasetRecord>]: string }
  toRecord(record: D, at: Addresses): R
  filterText(record: D, field: F): string
  record: z.ZodMiniType<R>
  characterLinks: CharacterLinks<keyof R & string>
  columns: readonly Column<R>[]
  facets: readonly Facet<R>[]
}

export type Info = { count: number; pages: number; next: string | null; prev: string | null }
export type ListPage<Item> = { info: Info; results: Item[] }

/** The API record of a collection. */
export type RecordOf<C> = C extends CollectionView<infer R, string> ? R : never
/** The names of a collection's filters. */
export type FilterName<C> = C extends CollectionView<infer _R, infer F> ? F : never
/** Filter values of a collection's list, by filter name; absent or empty means no filter. */
export type Filters<F extends string> = Partial<Record<F, string>>
/** The dataset record of a collection. */
export type DatasetRecordOf<C> = C extends Collection<string, infer _R, infer D, infer _F> ? D : never

/** The dataset of some collections: for each collection, by name, its records. */
export type DatasetOf<Cs extends readonly AnyCollection[]> = {
  [C in Cs[number] as C['name']]: DatasetRecordOf<C>[]
}
