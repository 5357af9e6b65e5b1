/**
 * The version of the catalogue each service serves, as far as this page has heard (contract §13: every answer
 * names it in `Catalogue-Version`), by the base a client uses ('' for this site's own). A service that names
 * none is heard as null: nothing is then claimed about its catalogue changing. Which version the page shows,
 * and whether the latest differs, is catalogue-changed.ts's.
 */
const latest = new Map<string, string | null>()
const replaced = new Set<string>()
const listeners = new Set<() => void>()

export const catalogueVersions = {
  /** An answer of `service` named `version` (null: it named none). */
  hear(service: string, version: string | null): void {
    // Never undefined: a service heard for the first time is told to the listeners.
    const before = latest.get(service)
    if (before === version) return
    if (typeof before === 'string') replaced.add(service)
    latest.set(service, version)
    for (const listener of listeners) listener()
  },
  /** The latest version heard of `service`; null when it names none, undefined before any answer. */
  latest: (service: string): string | null | undefined => latest.get(service),
  /**
   * The service has been heard to serve another catalogue than before, on this page: an answer the browser
   * keeps (for a minute) may be of the old one, so every answer is asked again of the service from then on.
   */
  replaced: (service: string): boolean => replaced.has(service),
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
