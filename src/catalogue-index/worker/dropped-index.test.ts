import 'fake-indexeddb/auto'
import { expect, it, vi } from 'vitest'
import type { IndexConnection } from '../protocol/worker-api'

// The worker's modules read `self.location` as they load.
vi.hoisted(() => {
  Object.assign(globalThis, { self: { location: { origin: 'http://explorer.test' } } })
})
const { connectionName, database, dropIndex, existingDatabase } = await import('./data')

const connection: IndexConnection = { baseUrl: '', apiKey: '' }

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((known) => known.name ?? '')
}

it('a dropped index stays gone when a lookup saw it listed just before the drop', async () => {
  await database(connection)
  const name = await connectionName(connection)
  // The lookup lists the databases while the index still exists; the drop then runs to its end.
  const listed = await indexedDB.databases()
  vi.spyOn(indexedDB, 'databases').mockResolvedValueOnce(listed)
  const dropped = dropIndex(name)
  const found = await existingDatabase(connection)
  await dropped

  expect(found).toBeNull()
  expect(await databaseNames()).not.toContain(name)
})
