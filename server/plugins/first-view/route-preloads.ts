import { entryKeys, type Manifest, readManifest, staticClosure } from '../../build/bundle-size'

/**
 * The `<link rel="modulepreload">` elements of a rendered page's own code: the chunks of its route's page
 * (`modules`, the manifest's keys: `src/features/locations/LocationsListRoute.tsx`) and the chunks they
 * import, but those of the entry, which its script element already fetches. The browser then fetches the
 * page's code together with the entry's, instead of one round trip after the entry has run. At low
 * priority, as the entry's module script: the page is on screen before any of its code runs, and at the
 * default (high) priority the preloads would compete with the page's first paint (Lighthouse counts a
 * high-priority script that has arrived before it as blocking it).
 */
export function routePreloads(manifest: Manifest, modules: readonly string[]): string {
  const entry = staticClosure(manifest, entryKeys(manifest))
  return [...staticClosure(manifest, [...modules])]
    .filter((file) => !entry.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    .join('')
}

/**
 * The preloads of each address, from the build's manifest (`dist/.vite/manifest.json`, read once here and
 * never served) and the built entry's `firstViewModules`; null when the build has no manifest to read.
 */
export function routePreloadsOf(
  staticDir: string,
  modulesOf: (url: string) => readonly string[],
): ((url: string) => string) | null {
  let manifest: Manifest
  try {
    manifest = readManifest(staticDir)
  } catch {
    return null
  }
  return (url) => routePreloads(manifest, modulesOf(url))
}
