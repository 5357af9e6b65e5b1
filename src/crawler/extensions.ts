import { serviceBase } from '../catalogue'
import { type MarkedExtensions, markedExtensions, OPENAPI_PATH } from '../catalogue/openapi-marker'

/*
 * What a catalogue service adds to the specification (contract §12), as its OpenAPI document marks it:
 * `info['x-catalogue-extensions']` (`{ "views": 1, "export": 1 }`). A service without the document, or without
 * the marker, offers none: the explorer then reads it page by page, as any service of the specification.
 */

export type ServiceExtensions = MarkedExtensions

export const NO_EXTENSIONS: ServiceExtensions = {
  views: false,
  export: false,
  search: false,
  characters: false,
  insights: false,
}

/** How long the document may take (ms), and how large it may be (bytes): it is a few dozen KB. */
const DOCUMENT_TIMEOUT_MS = 10_000
const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024

/** Reads the marker of the service at `baseUrl` (no key needed); none when the document cannot be read. */
export async function readServiceExtensions(
  baseUrl: string,
  fetchWith: typeof fetch,
  signal?: AbortSignal,
): Promise<ServiceExtensions> {
  const base = serviceBase(baseUrl)
  const timeout = AbortSignal.timeout(DOCUMENT_TIMEOUT_MS)
  try {
    const response = await fetchWith(`${base}${OPENAPI_PATH}`, {
      headers: { Accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'error',
    })
    const length = Number(response.headers.get('content-length') ?? 0)
    if (!response.ok || length > MAX_DOCUMENT_BYTES) {
      await response.body?.cancel().catch(() => undefined)
      return NO_EXTENSIONS
    }
    const text = await response.text()
    if (text.length > MAX_DOCUMENT_BYTES) return NO_EXTENSIONS
    return markedExtensions(JSON.parse(text))
  } catch {
    signal?.throwIfAborted()
    return NO_EXTENSIONS
  }
}
