import { useEffect, useState } from 'react'
import type { CatalogueClient, Connection } from '../../api/client'
import { COLLECTIONS, type CollectionView, type Filters } from '../../catalogue'
import { indexWorker, plainConnection } from '../client/index-client'
import { HITS_PER_GROUP, recordHit, type SearchAnswer, type SearchGroup } from '../protocol/search'
import { searchCatalogueService } from './service-search'

/**
 * Where the shown results come from: the whole catalogue's index; a scan of the index's names while its search
 * loads (`names`); the service's search of the whole catalogue (`catalogue`, contract §13, where it answers
 * search); or the service's name filters, because the index is not built (`service`) or while the worker has
 * not answered yet (`preparing`). Only `index`, `catalogue` and `service` answers are whole: the others never
 * mean that nothing matches.
 */
export type SearchSource = 'index' | 'names' | 'catalogue' | 'service' | 'preparing'

/** The results are all there are (an empty answer means that nothing matches). */
export const wholeAnswer = (source: SearchSource | null) =>
  source === 'index' || source === 'catalogue' || source === 'service'

export interface SearchState {
  /** The query the shown results are for (they stay while the next ones are on their way). */
  query: string
  answer: SearchAnswer | null
  source: SearchSource | null
  /** Results for the latest text are on their way. */
  pending: boolean
  failed: boolean
}

/** Before the index exists, the service is asked after a pause in typing. */
export const SERVICE_DEBOUNCE_MS = 200

/** What a search of a list by name reads of its collection's definition. */
type Searchable = Pick<CollectionView, 'name' | 'labels' | 'appPath' | 'listPath' | 'filters' | 'page'>

async function byName(
  client: CatalogueClient,
  collection: Searchable,
  text: string,
  signal: AbortSignal,
): Promise<SearchGroup | null> {
  if (!collection.filters.includes('name')) return null
  const filters: Filters<string> = { name: text }
  const page = await client.list(collection, filters, 1, signal)
  return {
    collection: collection.name,
    title: collection.labels.title,
    total: page.info.count,
    hits: page.results.slice(0, HITS_PER_GROUP).map((record) => recordHit(collection, record)),
  }
}

/** The lists' name filters at once (every list's, or `only` that one's): what the service can search. */
async function searchService(
  client: CatalogueClient,
  text: string,
  only: string | undefined,
  signal: AbortSignal,
): Promise<SearchAnswer> {
  const searchable: readonly Searchable[] = COLLECTIONS.filter((collection) => within(only, collection.name))
  const groups = await Promise.all(searchable.map((collection) => byName(client, collection, text, signal)))
  return { groups: groups.filter((group): group is SearchGroup => group !== null && group.total > 0) }
}

const within = (only: string | undefined, collection: string) => only === undefined || only === collection

/** The answer's groups of `only` (all of them without it). */
const keepOnly = (answer: SearchAnswer, only: string | undefined): SearchAnswer =>
  only === undefined ? answer : { groups: answer.groups.filter((group) => within(only, group.collection)) }

/**
 * The results for `query`: from the index worker when the catalogue is completely indexed (at every
 * keystroke; while the worker loads the index's search after a page load, first a scan of its names, then the
 * whole search's answer), otherwise from the service's name filters, debounced, each request cancelled by the next; the
 * service is asked too while the worker has not answered within the debounce (its first search of a large
 * index builds the search index), and the worker's answer replaces the service's when it comes. With `only`
 * (a collection's name), the results of that collection alone, and only its list is asked. A change of
 * `again` (such as the index becoming complete) asks again for the same text.
 */
export function useSearch(
  connection: Connection | null,
  client: CatalogueClient | null,
  query: string,
  only?: string,
  again?: unknown,
  onService = false,
): SearchState {
  const [state, setState] = useState<SearchState>({
    query: '',
    answer: null,
    source: null,
    pending: true,
    failed: false,
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `again` is the reason to search again.
  useEffect(() => {
    if (!connection || !client) return
    let live = true
    const controller = new AbortController()
    const text = query.trim()
    // null: the worker has not answered yet (on a large catalogue, building the search index takes a while).
    let indexed: boolean | null = null
    // The index's whole answer, or the service's search of the whole catalogue, is shown: nothing less replaces it.
    let whole: 'index' | 'catalogue' | null = null
    setState((previous) => ({ ...previous, pending: true }))
    const show = (answer: SearchAnswer, source: SearchSource) => {
      if (live) setState({ query, answer, source, pending: false, failed: false })
    }
    // After a pause in typing the service is asked, unless the index has answered by then.
    const timer = setTimeout(() => {
      if (whole !== null || (indexed === true && !onService)) return
      const source = onService ? 'catalogue' : indexed === false ? 'service' : 'preparing'
      if (text === '') return show({ groups: [] }, source)
      const asked = onService
        ? searchCatalogueService(client, text, only, controller.signal)
        : searchService(client, text, only, controller.signal)
      asked.then(
        (found) => {
          if (whole !== null || (indexed === true && !onService)) return
          if (onService) whole = 'catalogue'
          show(found, onService ? 'catalogue' : indexed === false ? 'service' : source)
        },
        () => {
          if (live && !controller.signal.aborted && indexed !== true) {
            setState((previous) => ({ ...previous, pending: false, failed: true, source }))
          }
        },
      )
    }, SERVICE_DEBOUNCE_MS)
    void indexWorker()
      .search(plainConnection(connection), query)
      .catch(() => null)
      .then((answer) => {
        if (!live) return
        indexed = answer !== null
        if (!answer) {
          // The service answered first: the index is not being prepared, it is not built.
          setState((previous) =>
            previous.source === 'preparing' ? { ...previous, source: 'service' } : previous,
          )
          return
        }
        if (!answer.partial) {
          clearTimeout(timer)
          controller.abort()
          whole = 'index'
          return show(keepOnly(answer, only), 'index')
        }
        // The names, while the search index loads: its answer replaces them when it comes. A service that
        // searches the whole catalogue is still asked meanwhile, and its answer replaces the names too.
        if (!onService) {
          clearTimeout(timer)
          controller.abort()
        }
        if (whole === null) show(keepOnly(answer, only), 'names')
        void indexWorker()
          .search(plainConnection(connection), query, true)
          .catch(() => null)
          .then((found) => {
            if (!found || !live) return
            whole = 'index'
            show(keepOnly(found, only), 'index')
          })
      })
    return () => {
      live = false
      clearTimeout(timer)
      controller.abort()
    }
  }, [connection, client, query, only, again, onService])

  return state
}
