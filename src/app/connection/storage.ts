import { z } from 'zod/mini'
import type { Connection } from '../../api/client'

/** Where this browser keeps the connection: `{ baseUrl, apiKey }` as JSON. */
export const STORAGE_KEY = 'catalogue-explorer.connection'
const StoredConnectionSchema = z.object({ baseUrl: z.string(), apiKey: z.string().check(z.minLength(1)) })

/** The connection the user saved in this browser, or null (none, unreadable, or storage unavailable). */
export function loadConnection(storage: Storage | undefined = globalThis.localStorage): Connection | null {
  try {
    const text = storage?.getItem(STORAGE_KEY)
    if (!text) return null
    const parsed = StoredConnectionSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Keeps a connection in this browser; one without a key removes what was kept (back to the default). */
export function saveConnection(
  connection: Connection,
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    if (connection.apiKey === '') storage?.removeItem(STORAGE_KEY)
    else storage?.setItem(STORAGE_KEY, JSON.stringify(connection))
  } catch {
    // Storage may be full or disabled: the connection still holds for this visit.
  }
}
