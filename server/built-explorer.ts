import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { loadFirstView } from './plugins/first-view/first-view'
import type { AppHosting } from './plugins/hosting'

/** The built explorer the service serves, what an operator should know about it, and how to stop it. */
export type BuiltExplorer = {
  hosting: AppHosting | null
  /** Said at start, as warnings: what is off that the configuration asked for, and why. */
  warnings: string[]
  /** Ends the first views' render thread. */
  close(): Promise<void>
}

/**
 * The built explorer in `distDir` (`npm run build`), and its first views from `firstViewFile` when they are
 * on (CATALOGUE_FIRST_VIEW). A first view asked for but missing is said at start: the service then answers
 * navigations with the app's index.html, which works, only without the rows in the HTML.
 */
export async function loadBuiltExplorer(
  distDir: string,
  firstViewFile: string,
  firstViewOn: boolean,
  root: string,
): Promise<BuiltExplorer> {
  if (!existsSync(join(distDir, 'index.html'))) return { hosting: null, warnings: [], close: async () => {} }
  const loaded = firstViewOn ? await loadFirstView(firstViewFile) : null
  const warnings: string[] = []
  if (firstViewOn && loaded === null) {
    const file = relative(root, firstViewFile)
    warnings.push(
      existsSync(firstViewFile)
        ? `First views are off: ${file} holds no renderFirstView and matchesFirstView (run npm run build); navigations get the app's index.html.`
        : `First views are off: ${file} is missing (run npm run build); navigations get the app's index.html.`,
    )
  }
  return {
    hosting: { staticDir: distDir, firstView: loaded?.entry ?? null },
    warnings,
    close: async () => loaded?.close(),
  }
}
