import { serviceBase } from '../../catalogue'
import { OPENAPI_PATH } from '../../catalogue/openapi-marker'
import { type ApiReference, readOpenApi } from './openapi-model'

export type LoadedReference =
  | { source: 'service'; url: string; reference: ApiReference }
  /** The service has no document this page can read: `reason` says why, in a few words. */
  | { source: 'built-in'; url: string; reason: string; reference: ApiReference }

/** The address of a service's OpenAPI document (empty base: this site's own service). */
export function documentUrl(baseUrl: string): string {
  return `${serviceBase(baseUrl)}${OPENAPI_PATH}`
}

/**
 * The service's OpenAPI document as a reference to render (no key: it is public); when the service has none
 * (not found, not JSON, not a document this page can read, no answer), the specification's, built in.
 */
export async function loadReference(
  baseUrl: string,
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
): Promise<LoadedReference> {
  const url = documentUrl(baseUrl)
  let reason: string
  try {
    const response = await fetchImpl(url, { headers: { Accept: 'application/json' }, signal })
    if (!response.ok) {
      reason = `${OPENAPI_PATH} answered ${response.status}`
    } else {
      const body = parseJson(await response.text())
      if (body === undefined) {
        reason = `${OPENAPI_PATH} is not JSON`
      } else {
        const read = readOpenApi(body)
        if (read.ok) return { source: 'service', url, reference: read.reference }
        reason = `its ${OPENAPI_PATH} is not an OpenAPI document this page can read: ${read.problem}`
      }
    }
  } catch (error) {
    if (signal?.aborted) throw error
    reason = `${OPENAPI_PATH} could not be reached`
  }
  const { builtInReference } = await import('./built-in-document')
  return { source: 'built-in', url, reason, reference: builtInReference() }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
