import type { z } from 'zod/mini'
import {
  type CatalogueCollection,
  COLLECTIONS,
  type CollectionName,
  type ListPage,
  normaliseFilterValue,
} from '../catalogue'

type CollectionNamed<C extends CollectionName> = Extract<CatalogueCollection, { name: C }>
export type RecordOf<C extends CollectionName> = z.infer<CollectionNamed<C>['record']>
export type FilterName<C extends CollectionName> = CollectionNamed<C>['filters'][number]
export type Filters<C extends CollectionName> = Partial<Record<FilterName<C>, string>>

/** The definition of a collection, by name. */
export function collectionNamed(name: CollectionName): CatalogueCollection {
  const found = COLLECTIONS.find((collection) => collection.name === name)
  if (!found) throw new Error(`No collection named ${name}`)
  return found
}

/** One list to read: a collection, and the filters that narrow it (none: the whole collection). */
export type ListTarget = { [C in CollectionName]: { collection: C; filters?: Filters<C> } }[CollectionName]

/** One page as the crawler hands it on, in page order within its list. */
export type CrawledPage = {
  [C in CollectionName]: {
    /** Position of the list in the crawl's `lists`. */
    list: number
    collection: C
    page: number
    pages: number
    count: number
    results: RecordOf<C>[]
  }
}[CollectionName]

/**
 * The path and query of one page of a list, as the client asks for it: `page` first (left out for page 1), then
 * the non-empty filters, trimmed, in the collection's order.
 */
export function listPagePath(target: ListTarget, page: number): string {
  const { listPath, filters: names } = collectionNamed(target.collection)
  const filters: Partial<Record<string, string>> = target.filters ?? {}
  const params = new URLSearchParams()
  if (page !== 1) params.set('page', String(page))
  for (const name of names) {
    const value = normaliseFilterValue(filters[name] ?? '')
    if (value) params.set(name, value)
  }
  return params.size > 0 ? `${listPath}?${params}` : listPath
}

/** "page 3 of locations" or "page 1 of locations with type “planet”", for messages. */
export function describePage(target: ListTarget, page: number): string {
  const filters = Object.entries(target.filters ?? {})
    .map(([name, value]) => [name, normaliseFilterValue(value ?? '')] as const)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name} “${value}”`)
  return `page ${page} of ${target.collection}${filters.length > 0 ? ` with ${filters.join(' and ')}` : ''}`
}

export function pageSchemaOf(collection: CollectionName): z.ZodMiniType<ListPage<RecordOf<CollectionName>>> {
  return collectionNamed(collection).page
}
