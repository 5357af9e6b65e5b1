import { catalogueVersions } from '../../api/catalogue-versions'
import {
  EXPLORER_CONFIG_CACHE,
  EXPLORER_CONFIG_PATH,
  type ExplorerConfig,
  ExplorerConfigSchema,
} from '../../catalogue'

const NO_CONFIG: ExplorerConfig = { demoKey: null }

/**
 * Puts the answer where the app shell's service worker keeps its copy (network first, the copy when the
 * network fails), so that a later visit while the service is down still has it, without asking again once the
 * worker is there.
 */
function keepForOffline(answer: Response): void {
  if (typeof caches === 'undefined') return
  const whenIdle = globalThis.requestIdleCallback ?? setTimeout
  whenIdle(() => {
    void caches
      .open(EXPLORER_CONFIG_CACHE)
      .then((cache) => cache.put(EXPLORER_CONFIG_PATH, answer))
      .catch(() => {})
  })
}

/**
 * Asks the site that serves the app how to connect (in demo mode: the key to use). A site without this file,
 * or with an unreadable one, is treated as "nothing to tell": the user enters the key.
 */
export async function loadExplorerConfig(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<ExplorerConfig> {
  try {
    const response = await fetchImpl(EXPLORER_CONFIG_PATH, { headers: { Accept: 'application/json' } })
    if (!response.ok) return NO_CONFIG
    const copy = response.clone()
    const parsed = ExplorerConfigSchema.safeParse(await response.json())
    if (!parsed.success) return NO_CONFIG
    keepForOffline(copy)
    // This site's service names the catalogue it serves now (contract §13) before any of its answers does.
    catalogueVersions.hear('', parsed.data.catalogueVersion ?? null)
    return parsed.data
  } catch {
    return NO_CONFIG
  }
}
