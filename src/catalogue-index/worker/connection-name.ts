import { serviceBaseOr } from '../../catalogue'
import type { IndexConnection } from '../protocol/worker-api'

/**
 * The name of a connection's index: the service address and a hash of the key, never the key itself, so that
 * another key (which may see other records) gets another index.
 */
export async function indexName(connection: IndexConnection, origin: string): Promise<string> {
  const base = serviceBaseOr(connection.baseUrl, origin)
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(connection.apiKey))
  const hash = Array.from(new Uint8Array(digest).slice(0, 12), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
  return `catalogue-index ${base} ${hash}`
}
