/**
 * What the service answers beyond the specification (contracts §12 and §13): marked in its OpenAPI document and
 * told to the app in its configuration. The insights' facets come with views.
 */
export interface ServiceExtensions {
  views: boolean
  search: boolean
  characters: boolean
}
