import { z } from 'zod/mini'

/**
 * The service that hosts the explorer tells it, at run time, how to connect: in demo mode the key to use,
 * otherwise nothing (the user enters a key). The key is never built into the bundle.
 */
export const EXPLORER_CONFIG_PATH = '/explorer-config.json'

export const ExplorerConfigSchema = z.object({
  demoKey: z.nullable(z.string()),
})

export type ExplorerConfig = z.infer<typeof ExplorerConfigSchema>

/**
 * The id of the JSON script element in which the service puts the state of a first view it rendered (the
 * router's loader data and React Query's dehydrated cache), read by the explorer's entry.
 */
export const FIRST_VIEW_STATE_ID = 'first-view-state'
