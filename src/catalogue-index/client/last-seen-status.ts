import type { Connection } from '../../api/client'
import type { IndexStatus } from '../protocol/worker-api'

/**
 * The index of each connection as its worker last described it in this tab: the one status every part of the
 * page shows. A page that mounts (Back to a list) shows it at once, and the worker's answer a moment later
 * changes nothing when it says the same; a list's loader reads whether the index is complete, to send no view
 * to a service that answers views when the index answers it with no request. Nothing is known before the
 * worker has said.
 */
const statuses = new Map<string, IndexStatus>()
const listeners = new Set<() => void>()
const keyOf = ({ baseUrl, apiKey }: Connection) => `${baseUrl}\n${apiKey}`

/** Whether two statuses say the same (the worker makes a new object for each answer). */
const sameStatus = (a: IndexStatus | undefined, b: IndexStatus) => JSON.stringify(a) === JSON.stringify(b)

export const lastSeenStatus = {
  seen(connection: Connection, status: IndexStatus): void {
    const key = keyOf(connection)
    if (sameStatus(statuses.get(key), status)) return
    statuses.set(key, status)
    for (const listener of listeners) listener()
  },
  of(connection: Connection): IndexStatus | null {
    return statuses.get(keyOf(connection)) ?? null
  },
  complete(connection: Connection): boolean {
    return statuses.get(keyOf(connection))?.complete === true
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
