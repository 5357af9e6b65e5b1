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

/** Whether a request target is under the API, in any spelling the router accepts. */
export function isApiPath(url: string): boolean {
  const path = routedPath(url)
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)
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
