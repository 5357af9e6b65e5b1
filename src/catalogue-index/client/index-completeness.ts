import type { Connection } from '../../api/client'

/**
 * Whether the index of a connection was last seen complete (by the page's status hook), so that a list's
 * loader sends no view to a service that answers views when the index answers it with no request. Unknown
 * (false) before the index has said.
 */
const complete = new Set<string>()
const keyOf = ({ baseUrl, apiKey }: Connection) => `${baseUrl}\n${apiKey}`

export const indexCompleteness = {
  seen(connection: Connection, isComplete: boolean): void {
    if (isComplete) complete.add(keyOf(connection))
    else complete.delete(keyOf(connection))
  },
  known(connection: Connection): boolean {
    return complete.has(keyOf(connection))
  },
}
