import type { ComponentType } from 'react'
import { type CatalogueCollection, COLLECTIONS } from '../catalogue'

type RouteModule = { default: ComponentType }

// A collection's pages live in its feature folder, `src/features/<name>/`: `…ListRoute.tsx` and
// `…RecordRoute.tsx`, each exporting its page by default. Each is its own chunk, loaded when first visited;
// the route's loader and query options are in the entry chunk (see router.tsx).
const LIST_MODULES = import.meta.glob<RouteModule>('../features/*/*ListRoute.tsx')
const RECORD_MODULES = import.meta.glob<RouteModule>('../features/*/*RecordRoute.tsx')

/** A page of a collection: how to load its code, and its source file from the repository's root. */
export type PageModule = {
  load: () => Promise<RouteModule>
  /** `src/features/locations/LocationsListRoute.tsx`: the key of its chunk in the build's manifest. */
  source: string
}

function pageModule(
  modules: Record<string, () => Promise<RouteModule>>,
  collection: CatalogueCollection,
  kind: string,
): PageModule {
  const folder = `../features/${collection.name}/`
  const found = Object.entries(modules).filter(([path]) => path.startsWith(folder))
  const [entry] = found
  if (!entry || found.length > 1) {
    throw new Error(
      `The collection "${collection.name}" needs exactly one ${kind} page in src/features/${collection.name}/.`,
    )
  }
  const [path, load] = entry
  return { load, source: `src/${path.slice('../'.length)}` }
}

export type CollectionRoute = {
  collection: CatalogueCollection
  list: PageModule
  record: PageModule
}

/** The explorer's pages of every collection of the catalogue, in navigation order. */
export const COLLECTION_ROUTES: readonly CollectionRoute[] = COLLECTIONS.map((collection) => ({
  collection,
  list: pageModule(LIST_MODULES, collection, 'list'),
  record: pageModule(RECORD_MODULES, collection, 'record'),
}))

/** Where the explorer opens: the first collection's list. */
export const HOME_PATH = COLLECTIONS[0].appPath
