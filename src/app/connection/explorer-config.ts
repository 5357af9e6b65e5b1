import { EXPLORER_CONFIG_PATH, type ExplorerConfig, ExplorerConfigSchema } from '../../catalogue'

const NO_CONFIG: ExplorerConfig = { demoKey: null }

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
    const parsed = ExplorerConfigSchema.safeParse(await response.json())
    return parsed.success ? parsed.data : NO_CONFIG
  } catch {
    return NO_CONFIG
  }
}
