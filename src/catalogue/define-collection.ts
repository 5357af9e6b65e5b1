import { z } from 'zod/mini'
import {
  API_PREFIX,
  type ApiRecord,
  type CharacterLinks,
  type Collection,
  type Column,
  type DatasetRecord,
  type Facet,
  type FilterShorthands,
  type Info,
  type RecordField,
} from './collection.ts'

const InfoSchema: z.ZodMiniType<Info> = z.object({
  count: z.int().check(z.nonnegative()),
  pages: z.int().check(z.nonnegative()),
  next: z.nullable(z.string()),
  prev: z.nullable(z.string()),
})

/** What `defineCollection` is given: everything about a collection, once. */
export interface CollectionSpec<
  Name extends string,
  R extends ApiRecord,
  D extends DatasetRecord,
  F extends keyof R & keyof D & string,
> {
  name: Name
  /** The list path as the specification writes it, when it is not `/v1/<name>` (episodes: `/v1/episodes/`). */
  listPath?: string
  labels: Collection['labels']
  record: z.ZodMiniType<R>
  dataset: z.ZodMiniType<D>
  datasetRules: { readonly [K in Exclude<keyof D, keyof DatasetRecord>]: string }
  filters: readonly F[]
  filterLabels: { readonly [K in F]: string }
  filterShorthands?: FilterShorthands<F>
  characterLinks: CharacterLinks<keyof R & keyof D & string>
  recordFields: readonly RecordField<R>[]
  columns: readonly Column<R>[]
  facets: readonly Facet<R>[]
  toRecord(record: D, at: Parameters<Collection['toRecord']>[1]): R
}

/**
 * Defines a collection: the one place its paths, schemas, filters, labels and record fields are written.
 * The service (dataset validation, store, routes, rendering) and the explorer (client, queries, routes,
 * navigation) take everything from the value this returns.
 */
export function defineCollection<
  const Name extends string,
  R extends ApiRecord,
  D extends DatasetRecord,
  const F extends keyof R & keyof D & string,
>(spec: CollectionSpec<Name, R, D, F>): Collection<Name, R, D, F> {
  const itemPath = `${API_PREFIX}/${spec.name}`
  return {
    ...spec,
    listPath: spec.listPath ?? itemPath,
    itemPath,
    appPath: `/${spec.name}`,
    page: z.object({ info: InfoSchema, results: z.array(spec.record) }),
    filterText: (record, field) => String(record[field]),
  }
}
