import { catalogueVersions } from './catalogue-versions'

/** The version of the catalogue the page shows, by service: the first one named, until the reader asks for the new. */
const shown = new Map<string, string>()
const listeners = new Set<() => void>()

/** The catalogue the page shows has been replaced on the service since (catalogue-versions.ts). */
export function catalogueChanged(service: string): boolean {
  const latest = catalogueVersions.latest(service)
  if (typeof latest !== 'string') return false
  const was = shown.get(service)
  if (was === undefined) shown.set(service, latest)
  return was !== undefined && was !== latest
}

/** The page shows the latest version from now on (the reader asked for it). */
export function showLatestCatalogue(service: string): void {
  shown.delete(service)
  catalogueChanged(service)
  for (const listener of listeners) listener()
}

/** Calls `listener` when what `catalogueChanged` says may have changed (a version heard, the new one shown). */
export function subscribeCatalogueChanges(listener: () => void): () => void {
  listeners.add(listener)
  const stop = catalogueVersions.subscribe(listener)
  return () => {
    listeners.delete(listener)
    stop()
  }
}
