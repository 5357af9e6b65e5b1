import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyCollection, type ApiRecord, COLLECTIONS, type DatasetRecord } from '../../catalogue'
import type { ListView } from '../../catalogue/views/view'
import type { CharacterRequest } from '../protocol/characters'
import type { IndexConnection } from '../protocol/worker-api'

/*
 * What the worker derives from a complete index is kept in the index's database (IndexedDB, here
 * fake-indexeddb) and read back by the next page load. A "reload" is a fresh import of the worker's modules
 * (vi.resetModules): nothing in memory survives it, the database does.
 */

const ORIGIN = 'http://explorer.test'
const connection: IndexConnection = { baseUrl: '', apiKey: '' }

const file = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../server/data/catalogue.json'), 'utf8'),
)
const at = {
  self: (id: number) => `${ORIGIN}/v1/x/${id}`,
  characters: (ids: readonly number[]) => ids.map((id) => `${ORIGIN}/v1/characters/${id}`),
}
const catalogue = new Map<string, ApiRecord[]>(
  COLLECTIONS.map((collection: AnyCollection) => [
    collection.name,
    (file[collection.name] as DatasetRecord[]).map((record) => collection.toRecord(record, at)),
  ]),
)

/** The worker's modules as a new page load imports them. */
async function reload() {
  vi.resetModules()
  return {
    data: await import('./data'),
    store: await import('./store'),
    search: await import('./search'),
    view: await import('./view'),
    characters: await import('./characters-answers'),
  }
}

/** Stores the catalogue as a complete index, as a build leaves it, read at `updatedAt`. */
async function storeCatalogue(updatedAt: number) {
  const { data, store } = await reload()
  const { db } = await data.database(connection)
  for (const [collection, records] of catalogue) {
    const meta = {
      ...store.emptyMeta(collection),
      count: records.length,
      pages: 1,
      pagesDone: 1,
      records: records.length,
      complete: true,
      updatedAt,
    }
    const entry = { path: `/${collection}`, etag: null, info: { count: 0, pages: 1, next: null, prev: null } }
    await store.writePage(db, collection, records, { ...entry, ids: records.map((r) => r.id) }, meta)
  }
}

/** Waits until what is derived as `kind` has been kept (it is written after the answer, off its path). */
async function kept(kind: string) {
  const { data } = await reload()
  const { db } = await data.database(connection)
  await vi.waitFor(async () => expect(await db.get('derived', kind)).toBeDefined())
  db.close()
}

beforeEach(async () => {
  vi.stubGlobal('self', { location: { origin: ORIGIN } })
  for (const { name } of await indexedDB.databases()) if (name) indexedDB.deleteDatabase(name)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a derived structure kept in the index', () => {
  const keeping = (kind: string) => ({
    kind,
    format: 1,
    save: (value: { names: string[] }) => value,
    restore: (value: { names: string[] }) => value,
  })
  const namesOfLocations = (records: ReadonlyMap<string, readonly ApiRecord[]>) => ({
    names: (records.get('locations') ?? []).map((record) => record.name),
  })

  it('is read after a reload instead of being derived again', async () => {
    await storeCatalogue(1000)
    const derive = vi.fn((c: { records: ReadonlyMap<string, readonly ApiRecord[]> }) =>
      namesOfLocations(c.records),
    )
    const first = (await reload()).data.perVersion(derive, keeping('test'))
    const derived = await first(connection)
    expect(derive).toHaveBeenCalledTimes(1)
    await kept('test')

    const afterReload = (await reload()).data.perVersion(derive, keeping('test'))
    const read = await afterReload(connection)
    expect(derive).toHaveBeenCalledTimes(1)
    expect(read?.value).toEqual(derived?.value)
    expect(read?.value.names).toContain('Café Müller')
  })

  /** Derives which call it is: a value kept from an earlier call says so. */
  const counting = () => {
    let calls = 0
    return vi.fn(() => {
      calls += 1
      return { names: [`call ${calls}`] }
    })
  }

  it('is discarded for another version of the index', async () => {
    await storeCatalogue(1000)
    const derive = counting()
    await (await reload()).data.perVersion(derive, keeping('test'))(connection)
    await kept('test')

    // The index read again later: a new version.
    await storeCatalogue(2000)
    const afterRefresh = await (await reload()).data.perVersion(derive, keeping('test'))(connection)
    expect(derive).toHaveBeenCalledTimes(2)
    expect(afterRefresh?.value.names).toEqual(['call 2'])
  })

  it('is discarded when written in another format', async () => {
    await storeCatalogue(1000)
    const derive = counting()
    await (await reload()).data.perVersion(derive, keeping('test'))(connection)
    await kept('test')
    const otherFormat = await (await reload()).data.perVersion(derive, { ...keeping('test'), format: 2 })(
      connection,
    )
    expect(otherFormat?.value.names).toEqual(['call 2'])
  })
})

describe('the search after a page load', () => {
  it('is built again from the records and answers as before; an old kept search index is removed', async () => {
    await storeCatalogue(1000)
    const first = await reload()
    const built = await first.search.searchIndex(connection, 'cafe muller', true)
    // What an index kept before the search engine (MiniSearch's plain form) is deleted when the index opens.
    const { db } = await first.data.database(connection)
    await db.put('derived', { kind: 'search', version: 'old', value: { documentCount: 1 } })
    const { data, search } = await reload()
    const read = await search.searchIndex(connection, 'cafe muller', true)
    expect(read).toEqual(built)
    expect(read?.groups[0]?.hits[0]?.name).toBe('Café Müller')
    expect(await (await data.database(connection)).db.get('derived', 'search')).toBeUndefined()
  })
})

describe('a search while the search index loads', () => {
  it('answers from a scan of the names, never an empty answer for a name that exists', async () => {
    await storeCatalogue(1000)
    const { search } = await reload()
    const first = await search.searchIndex(connection, 'zurich')
    expect(first?.partial).toBe(true)
    expect(first?.groups.flatMap((group) => group.hits.map((hit) => hit.name))).toContain('Zürich Nine')
    // Once loaded, the whole search answers, without `partial`.
    const whole = await search.searchIndex(connection, 'zurich', true)
    expect(whole?.partial).toBeUndefined()
    expect(whole?.groups[0]?.hits[0]?.name).toBe('Zürich Nine')
  })

  it('gives all the results of a search (/search) from the names too, then the whole search', async () => {
    await storeCatalogue(1000)
    const { search } = await reload()
    const request = { query: 'harbor', collections: [], sort: null, page: 1 }
    const first = await search.searchListOf(connection, request)
    expect(first?.partial).toBe(true)
    expect(first?.results.map((row) => row.name)).toContain('Harbor Nine')
    expect(first?.facets[0]?.values[0]).toMatchObject({ value: 'locations' })
    // The search index was asked for meanwhile: once it is there, the list is the whole search's.
    await search.searchIndex(connection, 'harbor', true)
    const whole = await search.searchListOf(connection, request)
    expect(whole?.partial).toBeUndefined()
    expect(whole?.results.map((row) => row.name)).toContain('Harbor Nine')
  })

  it('answers null, not an empty answer, while the index is incomplete', async () => {
    const { search } = await reload()
    expect(await search.searchIndex(connection, 'zurich')).toBeNull()
  })
})

describe('the kept preparation of a list', () => {
  it('answers a sorted, faceted view after a reload as the records do, reading only the page', async () => {
    await storeCatalogue(1000)
    const view = {
      filters: {},
      facets: { type: ['Planet'] },
      ranges: {},
      sort: { field: 'residents', descending: true },
    }
    const fromRecords = await (await reload()).view.viewOf(connection, 'locations', view, 1)
    await kept('views')
    const fromKept = await (await reload()).view.viewOf(connection, 'locations', view, 1)
    expect(fromKept).toEqual(fromRecords)
    expect(fromKept?.results.length).toBeGreaterThan(0)
  })
})

describe('the kept characters', () => {
  it('answer the list, a character and a record’s relations after a reload as when derived', async () => {
    await storeCatalogue(1000)
    const residents = (file.locations as { id: number; residents: number[] }[]).find(
      (r) => r.id === 1,
    )?.residents
    const character = residents?.[0] ?? 1
    const requests: CharacterRequest[] = [
      { kind: 'list', page: 1, season: null },
      { kind: 'one', id: character },
      { kind: 'many', ids: [character, 1] },
      { kind: 'related', collection: 'locations', id: 1 },
    ]
    const first = (await reload()).characters
    const derived = await Promise.all(requests.map((request) => first.characters(connection, request)))
    await kept('characters')
    const afterReload = (await reload()).characters
    const read = await Promise.all(requests.map((request) => afterReload.characters(connection, request)))
    expect(read).toEqual(derived)
    expect(derived[1]).toMatchObject({ kind: 'one', answer: { id: character } })
  })
})

describe('an export after a reload', () => {
  it('reads only the records of the view it writes, in its order, as before the reload', async () => {
    await storeCatalogue(1000)
    const views: ListView[] = [
      { filters: {}, facets: { type: ['Planet'] }, ranges: {}, sort: { field: 'name', descending: false } },
      // A list with the service's filters only, as Export writes it without a view.
      { filters: { name: 'a' }, facets: {}, ranges: {}, sort: null },
    ]
    const first = (await reload()).view
    const before = await Promise.all(views.map((view) => first.viewRecordsOf(connection, 'locations', view)))
    await kept('views')

    const { view } = await reload()
    const readWhole = vi.spyOn(IDBObjectStore.prototype, 'getAll')
    const after = await Promise.all(views.map((one) => view.viewRecordsOf(connection, 'locations', one)))
    expect(after).toEqual(before)
    expect(after[0]?.length).toBeGreaterThan(0)
    expect(after[1]?.length).toBeGreaterThan(0)
    // Not every record of the list: the catalogue may hold a million.
    expect(readWhole).not.toHaveBeenCalled()
    readWhole.mockRestore()
  })
})
