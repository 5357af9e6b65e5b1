import type { ExplorerConfig } from '../catalogue'

/** An extension a service may answer, as its flag in this site's run-time config names it. */
export type ExtensionFlag = 'views' | 'search' | 'characters' | 'insights'

/**
 * Which catalogue services answer an extension, as far as this page knows, by the base URL a client uses
 * ('' for this site's own): this site's from its run-time config, another service's from its OpenAPI
 * document's marker (read once per page load), or from what it was seen to answer.
 */
export type ServiceExtension = ReturnType<typeof serviceExtension>

export function serviceExtension(flag: ExtensionFlag) {
  const known = new Map<string, boolean>()
  const listeners = new Set<() => void>()
  return {
    /**
     * Whether a service answers it: what was learnt of it, else for this site's own what its config says;
     * undefined while not known (another service whose marker was not read yet).
     */
    answers(service: string, config: Partial<Pick<ExplorerConfig, ExtensionFlag>>): boolean | undefined {
      return known.get(service) ?? (service === '' ? config[flag] === true : undefined)
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
}
