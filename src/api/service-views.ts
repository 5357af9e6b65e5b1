import type { ExplorerConfig } from '../catalogue'

/**
 * Which catalogue services answer views (contract §12: sort, facet values and counts, ranges), as far as this
 * page knows, by the base URL a client uses ('' for this site's own): this site's from its run-time config
 * (or its first view's state), another service's from its OpenAPI document's marker, read once per page
 * load. A service found not to apply a view it was sent (no echo) answers none from then on.
 */
const known = new Map<string, boolean>()
const listeners = new Set<() => void>()

export const serviceViews = {
  /**
   * Whether a service answers views: what was learnt of it, else for this site's own what its config says;
   * undefined while not known (another service whose marker was not read yet).
   */
  answers(service: string, config: Pick<ExplorerConfig, 'views'>): boolean | undefined {
    return known.get(service) ?? (service === '' ? config.views === true : undefined)
  },
  learn(service: string, answers: boolean): void {
    if (known.get(service) === answers) return
    known.set(service, answers)
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
