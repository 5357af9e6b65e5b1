import 'fake-indexeddb/auto'
import { deleteDB } from 'idb'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { IndexConnection } from '../protocol/worker-api'

// The worker's modules read `self.location` as they load.
vi.hoisted(() => {
  Object.assign(globalThis, { self: { location: { origin: 'http://explorer.test' } } })
})
const { broadcast, completeVersion, connectionName, database, indexIsStale } = await import('./data')
const { emptyMeta, writeMeta } = await import('./store')

/*
 * A view, a search or a character answers from the index's version without reading the collections' state
 * each time: the version is read once, and again after any message of the index's channel (a build, a
 * refresh or a drop, in this tab or another).
 */

const connection: IndexConnection = { baseUrl: '', apiKey: '' }

// Each test starts with no index: the previous one's is deleted (its open connection closes on the way).
beforeEach(async () => {
  for (const { name } of await indexedDB.databases()) if (name) await deleteDB(name)
})

async function completeAt(updatedAt: number, catalogueVersion: string | null = null) {
  const { db } = await database(connection)
  for (const collection of ['locations', 'episodes'])
    await writeMeta(db, {
      ...emptyMeta(collection),
      pages: 1,
      pagesDone: 1,
      complete: true,
      updatedAt,
      catalogueVersion,
    })
}

describe("the index's version", () => {
  it('is read once, and again after a message says the index changed', async () => {
    await completeAt(1)
    const name = await connectionName(connection)
    expect((await completeVersion(connection))?.version).toBe(`${name}\n1,1`)

    // Written without a message (as no build writes): the known version stands.
    await completeAt(2)
    expect((await completeVersion(connection))?.version).toBe(`${name}\n1,1`)

    // Another tab's build ends: its message makes the version read again.
    broadcast(name, { type: 'changed' })
    await vi.waitFor(async () => expect((await completeVersion(connection))?.version).toBe(`${name}\n2,2`))
  })
})

describe('an index read from another catalogue (contract §13)', () => {
  it('is stale once the service is heard to name another version, never while either is unknown', async () => {
    expect(await indexIsStale(connection, 'v2')).toBe(false)
    await completeAt(1, 'v1')
    expect(await indexIsStale(connection, 'v2')).toBe(true)
    expect(await indexIsStale(connection, 'v1')).toBe(false)
    // Offline (nothing heard to compare with) and a service that names no version.
    expect(await indexIsStale(connection, undefined)).toBe(false)
    expect(await indexIsStale(connection, null)).toBe(false)
    await completeAt(2, null)
    expect(await indexIsStale(connection, 'v2')).toBe(false)
  })
})
