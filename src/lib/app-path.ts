/**
 * Whether a text is an address inside this app (`/locations?page=2`), safe to navigate to: it starts with one
 * `/`. `//host/…` and `/\host/…` are read by browsers as addresses on another site.
 */
export function isAppPath(text: unknown): text is string {
  return typeof text === 'string' && /^\/(?![/\\])/.test(text)
}
