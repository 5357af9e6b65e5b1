import { type Connection, createClient } from '../../api/client'
import { isApiError } from '../../api/errors'

export type ConnectionTest = { ok: true; message: string } | { ok: false; message: string }

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
    if (isApiError(error) && error.kind === 'unauthorized') {
      return { ok: false, message: 'Not connected: the service did not accept the API key.' }
    }
    if (isApiError(error) && error.kind === 'notFound') {
      return { ok: false, message: 'Not connected: no catalogue service answers at this address.' }
    }
    const reason = isApiError(error) ? error.message : 'The connection test failed.'
    return { ok: false, message: `Not connected. ${reason}` }
  }
}
