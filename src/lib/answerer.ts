import { type DataViewUrlState, needsIndex } from '../catalogue/views/parameters'

/**
 * Who answers a question of the explorer, decided in one place for every page that asks one (a list, a
 * search, a character, a record's related records, the insights): the catalogue index when it is ready, a
 * service that answers the feature, or the feature's own fallback.
 */

/** The questions the explorer asks that the index, or a service's extension, can answer. */
export type Feature = 'list' | 'search' | 'characters' | 'related' | 'insights'

/**
 * The catalogue index of the connection in use, as far as the page knows:
 * - `ready`: complete, and built from the catalogue the service serves now (or the service names no version);
 * - `opening`: complete and current, but its worker has not opened it yet;
 * - `stale`: complete, but built from another version of the catalogue than the service's (contract §13);
 * - `incomplete`: not built (or being built).
 */
export type IndexReadiness = 'ready' | 'opening' | 'stale' | 'incomplete'

export interface Known {
  index: IndexReadiness
  /** Whether the service answers the feature (its document's marker, or its configuration on its own site). */
  service: boolean | undefined
}

/**
 * `index`: the index answers (no request); `service`: the service's extension answers; `fallback`: what the
 * feature does without either (a list: the specification's pages, or the index to build; a search: the names
 * filter; characters and insights: the index to build).
 */
export type Answerer = 'index' | 'service' | 'fallback'

/** The one rule: a ready index first (every change answered with no request), then the service, then the fallback. */
export function answererOf(_feature: Feature, known: Known): Answerer {
  if (known.index === 'ready') return 'index'
  if (known.service === true) return 'service'
  return 'fallback'
}

/**
 * Who answers a list's address: `index` (the view's rows and counts from the index), `views` (a service that
 * answers views: the page in the view's order and its facets counted, in one request), or `service` (the
 * specification's page; a ready index counts its facets). A view (a sort, facet values, ranges) without a
 * service that answers views waits for the index.
 */
export type ListSource = 'service' | 'views' | 'index'

export function listSourceOf(view: DataViewUrlState, known: Known): ListSource {
  const answerer = answererOf('list', known)
  if (answerer === 'service') return 'views'
  if (needsIndex(view)) return 'index'
  return 'service'
}
