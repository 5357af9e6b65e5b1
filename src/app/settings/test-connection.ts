import { type Connection, createClient } from '../../api/client'
import { isApiError } from '../../api/errors'

/** What a connection test found: the counts, or the problem as one sentence a person can act on. */
export type ConnectionTest = { ok: true; message: string } | { ok: false; problem: string }

/** Asks both list endpoints of a service with the given key and says what it found, or what went wrong. */
export async function testConnection(
  connection: Connection,
  fetchImpl?: typeof fetch,
  signal?: AbortSignal,
): Promise<ConnectionTest> {
  const client = createClient(connection, fetchImpl)
  try {
    const [locations, episodes] = await Promise.all([
      client.list('locations', {}, 1, signal),
      client.list('episodes', {}, 1, signal),
    ])
    const { count: l } = locations.info
    const { count: e } = episodes.info
    return {
      ok: true,
      message: `Connected: ${l} ${l === 1 ? 'location' : 'locations'} and ${e} ${e === 1 ? 'episode' : 'episodes'}.`,
    }
  } catch (error) {
    if (isApiError(error) && error.kind === 'notFound') {
      return { ok: false, problem: 'No catalogue service answers at this address.' }
    }
    return { ok: false, problem: isApiError(error) ? error.message : 'The connection test failed.' }
  }
}
