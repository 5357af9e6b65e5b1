import type { Connection } from '../../api/client'

/**
 * Whether the index of a connection was last seen complete and current (by the page's status hook: read from
 * the catalogue the service serves now, contract §13), and the date of that complete index: a list's loader sends no view to a service that answers views when the index answers it
 * with no request, and a page that mounts before the worker speaks asks under that date, once. Unknown (not
 * complete) before the index has said.
 */
const completeAt = new Map<string, number | null>()
const keyOf = ({ baseUrl, apiKey }: Connection) => `${baseUrl}\n${apiKey}`

export const indexCompleteness = {
  seen(connection: Connection, isComplete: boolean, updatedAt: number | null = null): void {
    if (isComplete) completeAt.set(keyOf(connection), updatedAt)
    else completeAt.delete(keyOf(connection))
  },
  known(connection: Connection): boolean {
    return completeAt.has(keyOf(connection))
  },
  /** The date of the complete index last seen; undefined when it was not seen complete. */
  updatedAt(connection: Connection): number | null | undefined {
    return completeAt.get(keyOf(connection))
  },
}
