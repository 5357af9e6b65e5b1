import { CATALOGUE_VERSION_HEADER } from '../../catalogue'
import type { IndexDb, PageEntry } from './store'
import { readById } from './store'

/**
 * A fetch for re-reading pages already stored: it sends the page's ETag as `If-None-Match`, and turns a `304`
 * into the stored page (same headers, so the crawler still paces itself by them). `etags` receives each
 * answer's ETag by path, for storing with the page, and `versions` the catalogue's version it named.
 */
export function conditionalFetch(
  db: IndexDb,
  base: string,
  collectionOfPath: (path: string) => string,
  etags: Map<string, string | null>,
  inner: typeof fetch,
  versions: Map<string, string | null> = new Map(),
): typeof fetch {
  return async (input, init) => {
    const url = String(input)
    const path = url.startsWith(base) ? url.slice(base.length) : url
    const stored: PageEntry | undefined = await db.get('pages', path)
    const headers = new Headers(init?.headers)
    if (stored?.etag) headers.set('If-None-Match', stored.etag)
    const response = await inner(input, { ...init, headers })
    etags.set(path, response.headers.get('ETag'))
    versions.set(path, response.headers.get(CATALOGUE_VERSION_HEADER))
    if (response.status !== 304 || !stored) return response
    const results = await readById(db, collectionOfPath(path), stored.ids)
    if (results.length !== stored.ids.length) return inner(input, init)
    const answerHeaders = new Headers(response.headers)
    answerHeaders.set('Content-Type', 'application/json')
    return new Response(JSON.stringify({ info: stored.info, results }), {
      status: 200,
      headers: answerHeaders,
    })
  }
}
