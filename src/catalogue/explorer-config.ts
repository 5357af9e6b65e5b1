import { z } from 'zod/mini'

/**
 * The service that hosts the explorer tells it, at run time, how to connect: in demo mode the key to use,
 * otherwise nothing (the user enters a key); and whether it answers views (contract §12), so that the explorer
 * asks its own site for them without reading its OpenAPI document. The key is never built into the bundle.
 */
export const EXPLORER_CONFIG_PATH = '/explorer-config.json'
/** The Cache Storage cache in which the app shell's service worker keeps the run-time config. */
export const EXPLORER_CONFIG_CACHE = 'explorer-config'

export const ExplorerConfigSchema = z.object({
  demoKey: z.nullable(z.string()),
  views: z.optional(z.boolean()),
  /** Whether it answers search (contract §13: `/v1/search`); absent: it does not. */
  search: z.optional(z.boolean()),
  /** Whether it answers characters and related records (contract §13: `/v1/characters`); absent: it does not. */
  characters: z.optional(z.boolean()),
  /** Whether its lists count the insights' facets (contract §13); absent: they do not. */
  insights: z.optional(z.boolean()),
  /** The version of the catalogue the site's service serves now (contract §13, `Catalogue-Version`). */
  catalogueVersion: z.optional(z.string()),
})

export type ExplorerConfig = z.infer<typeof ExplorerConfigSchema>

/**
 * The cookie the explorer sets while this browser uses a connection chosen in its Settings (another service,
 * or a key of its own) rather than the site's default, and clears otherwise: it holds only that fact, never an
 * address or a key. A first view rendered for such a browser is the page's frame, none of the site's rows.
 */
export const CHOSEN_CONNECTION_COOKIE = { name: 'catalogue-explorer.connection', value: 'chosen' } as const

/** Whether a `Cookie` header says that the browser uses a connection chosen in Settings. */
export function choseConnection(cookieHeader: string | undefined): boolean {
  const { name, value } = CHOSEN_CONNECTION_COOKIE
  return (cookieHeader ?? '').split(';').some((pair) => pair.trim() === `${name}=${value}`)
}
