import type { ApiRecord } from '../../catalogue'
import {
  answerView,
  answerViewPositions,
  type PreparedList,
  prepareList,
  type SavedPreparation,
  savedCovers,
  viewPositions,
  viewRecords,
} from '../../catalogue/views/engine'
import type { Bounds, DataViewPage, ListView } from '../../catalogue/views/view'
import type { IndexConnection } from '../protocol/worker-api'
import { collectionNamed, existingDatabase, perVersion } from './data'
import { readById } from './store'

/** A list prepared for views, with its records when they were read (a kept preparation needs none). */
type PreparedLists = Map<string, { records: readonly ApiRecord[] | null; prepared: PreparedList }>

/** Each list's records prepared for views, kept for one version of the index and in the index's database. */
export const prepared = perVersion<PreparedLists, [string, SavedPreparation][]>(
  (catalogue) => {
    const lists: PreparedLists = new Map()
    for (const [name, records] of catalogue.records) {
      const list = prepareList(records)
      const definition = collectionNamed(name)
      if (definition) list.warm(definition)
      lists.set(name, { records, prepared: list })
    }
    return lists
  },
  {
    kind: 'views',
    // 2: a facet's value comes from its definition's function (kept facets hold no `derive`).
    format: 2,
    save: (lists) =>
      [...lists].flatMap(([name, { prepared }]) => {
        const definition = collectionNamed(name)
        return definition ? [[name, prepared.save(definition)] as [string, SavedPreparation]] : []
      }),
    restore: (saved) => {
      const lists: PreparedLists = new Map()
      for (const [name, list] of saved) {
        const definition = collectionNamed(name)
        // Kept by code whose lists had fewer columns or facets: prepared again from the records.
        if (!definition || !savedCovers(list, definition)) return null
        lists.set(name, { records: null, prepared: prepareList([], list) })
      }
      return lists
    },
  },
)

/**
 * One page of a view of a list (sort, facets, ranges, the service's filters), answered from the complete
 * index; null while the index is incomplete or for a list the catalogue does not have. From a kept preparation,
 * only the page's records are read.
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
  if (list.records) return answerView(definition, list.records, view, page, list.prepared)
  const { positions, ...answer } = answerViewPositions(definition, view, page, list.prepared)
  const found = await existingDatabase(connection)
  if (!found) return null
  const ids = positions.map((position) => list.prepared.ids[position] ?? 0)
  const byId = new Map((await readById(found.db, collection, ids)).map((record) => [record.id, record]))
  return { ...answer, results: ids.flatMap((id) => byId.get(id) ?? []) }
}

/**
 * Every record of a view in its order (a list with only the service's filters is a view too), from the
 * complete index; null while it is incomplete. From a kept preparation (after a reload) only the view's records
 * are read, by id, never the whole list: the first export after a reload is as quick as the next.
 */
export async function viewRecordsOf(
  connection: IndexConnection,
  collection: string,
  view: ListView,
): Promise<ApiRecord[] | null> {
  const definition = collectionNamed(collection)
  const list = (await prepared(connection))?.value.get(collection)
  if (!definition || !list) return null
  if (list.records) return viewRecords(definition, list.records, view, list.prepared)
  const found = await existingDatabase(connection)
  if (!found) return null
  const ids = viewPositions(definition, view, list.prepared).map(
    (position) => list.prepared.ids[position] ?? 0,
  )
  const byId = new Map((await readById(found.db, collection, ids)).map((record) => [record.id, record]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** The prepared lists a view of every kind has run on (see `warmViews`). */
const warmed = new WeakSet<PreparedList>()

/**
 * Runs once, on each list prepared for views, a view that takes every path of the engine's loop: a value of
 * each facet, a range on each ranged column, a sort. V8 optimises the loop for the paths it has seen run: a
 * reader's first facet value or range after sorts alone threw that code away (the worker then answered it about
 * three times as slowly; docs/decisions.md), and a warming view over a few records only made other paths slower.
 * Asked with a complete index's status, off any reader's change.
 */
export async function warmViews(connection: IndexConnection): Promise<void> {
  const lists = (await prepared(connection))?.value
  for (const [name, { prepared: list }] of lists ?? []) {
    const definition = collectionNamed(name)
    if (!definition || warmed.has(list)) continue
    warmed.add(list)
    const facets: Record<string, string[]> = {}
    for (const facet of definition.facets) {
      const value = list.facet(facet).values[0]
      if (value !== undefined) facets[facet.name] = [value]
    }
    const ranges: Record<string, Bounds> = {}
    for (const column of definition.columns) if (column.range) ranges[column.field] = { from: 0, to: null }
    const first = definition.columns[0]
    const sort = first ? { field: first.field, descending: true } : null
    answerViewPositions(definition, { filters: {}, facets, ranges, sort }, 1, list)
  }
}
