import { API_PREFIX } from '../../src/catalogue'

/**
 * The path of a request target as the router reads it: an absolute-form target (`http://host/v1/…`) without
 * its origin, and percent-encoded letters decoded (`/%761/…` is `/v1/…`), so no spelling escapes a rule.
 */
export function routedPath(url: string): string {
  const target = !url.startsWith('/') && URL.canParse(url) ? new URL(url).pathname : url
  const path = target.split('?', 1)[0] as string
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

const isUnderApi = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)

/**
 * Whether a request target is under the API, in any spelling the router accepts, or one that reads as an
 * authority and its path (`//user:pass@host/v1/…`, logged as `/v1/…`): such a target needs a key too.
 */
export function isApiPath(url: string): boolean {
  if (isUnderApi(routedPath(url))) return true
  return (
    url.startsWith('//') &&
    URL.canParse(`http:${url}`) &&
    isUnderApi(routedPath(new URL(`http:${url}`).pathname))
  )
}

/** `/v2/…` and other versions: not the app's routes, and not served. */
export const OTHER_VERSION_PATH = /^\/v[0-9]+(\/|\?|$)/

/** A GET asking for HTML whose path has malformed percent-encoding (rare: checked only when there is a `%`). */
export function isUndecodableNavigation(method: string | undefined, url: string, accept: string | undefined) {
  if (method !== 'GET' || !url.includes('%') || !(accept ?? '').includes('text/html')) return false
  try {
    decodeURIComponent(url.split('?', 1)[0] as string)
    return false
  } catch {
    return true
  }
}

/** The path of a request target as sent: an absolute-form target's after its authority, without the query. */
function rawPathOf(url: string): string {
  let path = url
  if (!url.startsWith('/')) {
    const authority = url.indexOf('//')
    const slash = authority === -1 ? -1 : url.indexOf('/', authority + 2)
    path = slash === -1 ? '/' : url.slice(slash)
  }
  const query = path.indexOf('?')
  return query === -1 ? path : path.slice(0, query)
}

/** A dot segment or an empty one (`/./`, `/../`, `//`), but not one trailing slash. */
const IRREGULAR_SEGMENT = /\/\.\.?(?=\/|$)|\/\/(?!$)/

/**
 * Whether a request target spells a path under `/v1` with dot segments or empty segments (`/v1/./x`,
 * `/v1//x`, `/v1/.%2e/x`, `/x/../v1/x`, in any mix, percent-encoded too). The service refuses such a target
 * with 400 before routing (contract §11): routers and proxies disagree on what it names, and no spelling may
 * reach an answer under `/v1` without the key.
 */
export function isIrregularApiPath(url: string): boolean {
  const raw = rawPathOf(url)
  // Most targets have none of these: they cost one scan.
  if (!raw.includes('/.') && !raw.includes('//') && !raw.includes('%')) return false
  const path = routedPath(raw)
  if (!IRREGULAR_SEGMENT.test(path)) return false
  const resolved: string[] = []
  for (const segment of path.split('/')) {
    if (segment === '..') resolved.pop()
    else if (segment !== '' && segment !== '.') resolved.push(segment)
  }
  return resolved[0] === API_PREFIX.slice(1) || isUnderApi(path)
}
