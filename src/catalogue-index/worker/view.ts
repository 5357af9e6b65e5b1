import type { ApiRecord } from '../../catalogue'
import type { DataViewPage, ListView } from '../protocol/data-view'
import type { IndexConnection } from '../protocol/worker-api'
import { collectionNamed, perVersion } from './data'
import { answerView, type PreparedList, prepareList, viewRecords } from './data-view'

/** Each list's records prepared for views, kept for one version of the index. */
const prepared = perVersion((catalogue) => {
  const lists = new Map<string, { records: readonly ApiRecord[]; prepared: PreparedList }>()
  for (const [name, records] of catalogue.records) {
    const list = prepareList(records)
    const definition = collectionNamed(name)
    if (definition) list.warm(definition)
    lists.set(name, { records, prepared: list })
  }
  return lists
})

/**
 * One page of a view of a list (sort, facets, ranges, the service's filters), answered from the complete
 * index; null while the index is incomplete or for a list the catalogue does not have.
 */
export async function viewOf(
  connection: IndexConnection,
  collection: string,
  view: ListView,
  page: number,
): Promise<DataViewPage | null> {
  const definition = collectionNamed(collection)
  const list = (await prepared(connection))?.value.get(collection)
  if (!definition || !list) return null
  return answerView(definition, list.records, view, page, list.prepared)
}

/** Every record of a view in its order, from the complete index; null while it is incomplete. */
export async function viewRecordsOf(
  connection: IndexConnection,
  collection: string,
  view: ListView,
): Promise<ApiRecord[] | null> {
  const definition = collectionNamed(collection)
  const list = (await prepared(connection))?.value.get(collection)
  if (!definition || !list) return null
  return viewRecords(definition, list.records, view, list.prepared)
}
