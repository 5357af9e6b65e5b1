import { type Connection, createClient } from '../../api/client'
import { isApiError } from '../../api/errors'
import { type ApiRecord, COLLECTIONS, describeHoldings } from '../../catalogue'

/** What a connection test found: the counts, or the problem as one sentence a person can act on. */
export type ConnectionTest = { ok: true; message: string } | { ok: false; problem: string }

/** Asks every list endpoint of a service with the given key and says what it found, or what went wrong. */
export async function testConnection(
  connection: Connection,
  fetchImpl?: typeof fetch,
  signal?: AbortSignal,
): Promise<ConnectionTest> {
  const client = createClient(connection, fetchImpl)
  try {
    const counts = await Promise.all(
      COLLECTIONS.map(async (collection) => {
        const { count } = (await client.list<ApiRecord, string>(collection, {}, 1, signal)).info
        return { labels: collection.labels, count }
      }),
    )
    return { ok: true, message: `Connected: ${describeHoldings(counts)}.` }
  } catch (error) {
    if (isApiError(error) && error.kind === 'notFound') {
      return { ok: false, problem: 'No catalogue service answers at this address.' }
    }
    return { ok: false, problem: isApiError(error) ? error.message : 'The connection test failed.' }
  }
}
