import type { ExplorerConfig } from '../catalogue'

/**
 * Which catalogue services answer search (contract §13: `/v1/search`), as far as this page knows, by the base
 * URL a client uses ('' for this site's own): this site's from its run-time config, another service's from
 * its OpenAPI document's marker (read with the views' marker, once per page load).
 */
const known = new Map<string, boolean>()
const listeners = new Set<() => void>()

export const serviceSearch = {
  /** Whether a service answers search: what was learnt of it, else for this site's own what its config says. */
  answers(service: string, config: Pick<ExplorerConfig, 'search'>): boolean | undefined {
    return known.get(service) ?? (service === '' ? config.search === true : undefined)
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
