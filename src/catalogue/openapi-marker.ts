/*
 * Where a service's OpenAPI document is, and what it marks: all the explorer's first page needs of it (the
 * document itself, `openapi.ts`, is the service's and the /api page's).
 */

export const OPENAPI_PATH = '/openapi.json'

/** What this extension adds to the specification (contract §12), as a service's document may mark it. */
export interface MarkedExtensions {
  /** The lists answer views (sort, facet values, ranges, facet counts). */
  views: boolean
  /** The lists stream whole views (`_export`). */
  export: boolean
  /** The catalogue answers search (`/v1/search`, and `_search` on the lists: contract §13). */
  search: boolean
  /** The catalogue answers characters and a record's related records (`/v1/characters`: contract §13). */
  characters: boolean
  /** The lists count the insights' facets (`_facet_bins`, `_facet_date`: contract §13). */
  insights: boolean
}

/**
 * What a service's OpenAPI document marks in `info['x-catalogue-extensions']` (`{ "views": 1, "export": 1 }`):
 * each at version 1 or later; nothing for a document without the marker, or anything that is not one.
 */
export function markedExtensions(document: unknown): MarkedExtensions {
  const info: unknown = Reflect.get(Object(document), 'info')
  const marked: unknown = Reflect.get(Object(info), 'x-catalogue-extensions')
  const atLeastOne = (name: string) => {
    const version: unknown = Reflect.get(Object(marked), name)
    return typeof version === 'number' && version >= 1
  }
  return {
    views: atLeastOne('views'),
    export: atLeastOne('export'),
    search: atLeastOne('search'),
    characters: atLeastOne('characters'),
    insights: atLeastOne('insights'),
  }
}
