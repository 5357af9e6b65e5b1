import { markedExtensions, OPENAPI_PATH } from '../catalogue/openapi-marker'
import type { CatalogueClient } from './client'
import { serviceCharacters, serviceInsights } from './service-characters'
import { serviceSearch } from './service-search'
import { serviceViews } from './service-views'

/** The marker of the views extension in an OpenAPI document (contract §12): `info['x-catalogue-extensions'].views`. */
export const marksViews = (document: unknown): boolean => markedExtensions(document).views

/** How long the document may take; past it, the service is taken not to answer views. */
const MARKER_TIMEOUT_MS = 10_000

const asked = new Set<string>()

/** What a service's document marks, and where each is kept. */
const LEARNT = [
  [serviceViews, 'views'],
  [serviceSearch, 'search'],
  [serviceCharacters, 'characters'],
  [serviceInsights, 'insights'],
] as const

/**
 * Learns whether another service answers views, search, characters and the insights' facets from the markers
 * of its `/openapi.json` (no key needed), once per service and page load; a service whose document cannot be
 * read, or holds no marker, answers none.
 */
export function learnViewsOf(
  client: Pick<CatalogueClient, 'service' | 'urlOf'>,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): void {
  const { service } = client
  if (asked.has(service) || serviceViews.answers(service, {}) !== undefined) return
  asked.add(service)
  fetchImpl(client.urlOf(OPENAPI_PATH), {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(MARKER_TIMEOUT_MS),
  })
    .then((response) => (response.ok ? response.json() : null))
    .then(
      (document: unknown) => {
        const marked = markedExtensions(document)
        for (const [extension, name] of LEARNT) extension.learn(service, marked[name])
      },
      () => {
        for (const [extension] of LEARNT) extension.learn(service, false)
      },
    )
}
