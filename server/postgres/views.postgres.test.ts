import fc from 'fast-check'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import {
  type AnyCollection,
  type ApiRecord,
  type Dataset,
  type DatasetEpisode,
  type DatasetLocation,
  type DatasetRecord,
  episodes,
  locations,
  PAGE_SIZE,
} from '../../src/catalogue'
import { SORT_COLLATOR } from '../../src/catalogue/columns'
import { viewPageSchema } from '../../src/catalogue/views/answer'
import { answerView } from '../../src/catalogue/views/engine'
import { boundOf } from '../../src/catalogue/views/parameters'
import type { ListView } from '../../src/catalogue/views/view'
import { buildApp } from '../app'
import { addressesFor } from '../catalogue/render'
import type { CollectionSource, ViewAnswer } from '../catalogue/source'
import { DEMO_KEY } from '../config'
import { createStore } from '../dataset/store'
import { freshDatabase, loadInto, openCatalogue } from '../test/postgres'
import { datasetWith, shippedDataset } from '../test/server'
import { connectionOptions, Database } from './database'
import { READER_ORDER, viewsTableOf } from './layout'

/** Pieces of names that test the reader's order: accents, letter case, numbers in names, spaces, punctuation. */
const PIECES = [
  'a',
  'A',
  'e',
  'é',
  'É',
  'ü',
  'u',
  'Z',
  'z',
  'ø',
  'Æ',
  'ß',
  's',
  ' ',
  '-',
  '.',
  '0',
  '1',
  '2',
  '9',
  '10',
  '007',
]
const piece = fc.constantFrom(...PIECES)
const name = fc.oneof(
  { weight: 6, arbitrary: fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join('')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'Planet 9', 'Planet 10', 'planet 09', 'Émile', 'emile', 'EMILE'),
  },
)

/** Edge cases of the contract's collator, written once. */
const EDGE_CASES = [
  '',
  ' ',
  'a',
  'A',
  'á',
  'Á',
  'à',
  'â',
  'ä',
  'å',
  'æ',
  'Æ',
  'ae',
  'b',
  'z',
  'Z',
  'ß',
  'ss',
  'SS',
  'ø',
  'o',
  'Planet 9',
  'Planet 10',
  'planet 9',
  'Planet 09',
  'Planet 9a',
  'Planet 9 ',
  'Planet  9',
  'x1',
  'x01',
  'x001',
  'x10',
  'x2',
  '1',
  '01',
  '10',
  '2',
  'Café',
  'cafe',
  'CAFÉ',
  'Zürich Nine',
  'Zurich Nine',
]

async function readerOrder(url: string, texts: readonly string[]): Promise<number[]> {
  const client = new pg.Client(connectionOptions(url, 'catalogue-test'))
  await client.connect()
  try {
    const { rows } = await client.query<{ id: number }>(
      `SELECT id FROM unnest($1::text[]) WITH ORDINALITY AS t(text, id) ORDER BY NULLIF(text, '') COLLATE ${READER_ORDER} NULLS LAST, id`,
      [texts],
    )
    return rows.map(({ id }) => Number(id) - 1)
  } finally {
    await client.end()
  }
}

/** The contract's order of the same texts: the collator, empty texts last, ties in the order given. */
const contractOrder = (texts: readonly string[]) =>
  texts
    .map((_text, index) => index)
    .sort((a, b) => {
      const [ta, tb] = [texts[a] ?? '', texts[b] ?? '']
      if (ta === '' || tb === '') return (ta === '' ? 1 : 0) - (tb === '' ? 1 : 0) || a - b
      return SORT_COLLATOR.compare(ta, tb) || a - b
    })

describe('the reader’s order in PostgreSQL (the ICU collation of migration 2)', () => {
  it('orders as the contract’s collator does, ties included, on the edge cases and on random names', async () => {
    const url = await freshDatabase()
    await loadInto(url, datasetWith({}))
    expect(await readerOrder(url, EDGE_CASES)).toEqual(contractOrder(EDGE_CASES))
    // ICU versions drift (the database's and Node's are not the same): this says when they disagree.
    await fc.assert(
      fc.asyncProperty(fc.array(name, { minLength: 1, maxLength: 60 }), async (texts) => {
        expect(await readerOrder(url, texts)).toEqual(contractOrder(texts))
      }),
      { numRuns: 60 },
    )
  })
})

const CREATED = [
  '2015-12-31T23:59:59.999Z',
  '2016-01-01T00:00:00.000Z',
  '2015-07-31T23:59:59.999Z',
  '2015-08-01T00:00:00.000Z',
  '2017-11-10T12:42:04.162Z',
]
const AIR_DATES = [
  'December 31, 2015',
  'January 1, 2016',
  'July 31, 2015',
  'August 1, 2015',
  'February 29, 2016',
]
const TYPES = ['Planet', 'planet', '', 'Space station', 'Moon', 'Émile']

const datasets: fc.Arbitrary<Dataset> = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 5_000 }), { maxLength: 60 }),
    fc.uniqueArray(fc.integer({ min: 1, max: 5_000 }), { maxLength: 40 }),
  )
  .chain(([locationIds, episodeIds]) =>
    fc.record({
      locations: fc.tuple(
        ...locationIds.map((id) =>
          fc
            .record({
              name,
              type: fc.constantFrom(...TYPES),
              dimension: fc.constantFrom('C-137', 'c-137', '', 'Dimension 5-126', 'Dimension 10'),
              residents: fc.integer({ min: 0, max: 4 }),
              created: fc.constantFrom(...CREATED),
            })
            .map(
              (fields): DatasetLocation => ({
                id,
                ...fields,
                residents: Array.from({ length: fields.residents }, (_, index) => index + 1),
              }),
            ),
        ),
      ),
      episodes: fc.tuple(
        ...episodeIds.map((id) =>
          fc
            .record({
              name,
              season: fc.integer({ min: 1, max: 12 }),
              number: fc.integer({ min: 1, max: 20 }),
              characters: fc.integer({ min: 0, max: 3 }),
              air_date: fc.constantFrom(...AIR_DATES),
              created: fc.constantFrom(...CREATED),
            })
            .map(
              ({ season, number, characters, ...fields }): DatasetEpisode => ({
                id,
                ...fields,
                episode: `S${String(season).padStart(2, '0')}E${String(number).padStart(2, '0')}`,
                characters: Array.from({ length: characters }, (_, index) => index + 1),
              }),
            ),
        ),
      ),
    }),
  )
  .map((dataset) => ({ locations: [...dataset.locations], episodes: [...dataset.episodes] }))

/** Each part of a view is often absent, so that views keep records to compare. */
const often = <T>(arbitrary: fc.Arbitrary<T>, none: T) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(none) }, { weight: 1, arbitrary })
const bound = fc.option(fc.constantFrom('2015', '2015-07', '2015-12-31', '2016', '2016-01-01'), {
  nil: null,
  freq: 2,
})
/** A date range as the service reads `…__gte` and `…__lte` (each end taking its whole period). */
const dates = ({ from, to }: { from: string | null; to: string | null }) => ({
  from: from === null ? null : boundOf({ kind: 'isoDate' }, from, 'from'),
  to: to === null ? null : boundOf({ kind: 'isoDate' }, to, 'to'),
})
const count = fc.option(fc.integer({ min: 0, max: 4 }), { nil: null, freq: 2 })
const sortOf = (fields: string[]) =>
  fc.option(fc.record({ field: fc.constantFrom(...fields), descending: fc.boolean() }), { nil: null })

/** A view of each collection, its bounds as the address writes them (read as the service reads them). */
const locationViews: fc.Arbitrary<ListView> = fc
  .record({
    filters: fc.record({ name: often(fc.constantFrom('a', 'é', 'planet', '1'), '') }),
    type: often(fc.subarray(TYPES), []),
    dimension: often(fc.subarray(['C-137', '', 'Dimension 10', 'nowhere']), []),
    residents: fc.record({ from: count, to: count }),
    created: fc.record({ from: bound, to: bound }),
    sort: sortOf(locations.columns.map((column) => column.field)),
  })
  .map(({ filters, type, dimension, residents, created, sort }) => ({
    filters,
    facets: { type, dimension },
    ranges: {
      residents,
      created: dates(created),
    },
    sort,
  }))
const episodeViews: fc.Arbitrary<ListView> = fc
  .record({
    filters: fc.record({
      name: often(fc.constantFrom('e', '0'), ''),
      episode: often(fc.constantFrom('s0', 'E1'), ''),
    }),
    season: often(fc.subarray(['S01', 'S02', 'S10', 'S99']), []),
    characters: fc.record({ from: count, to: count }),
    airDate: fc.record({ from: bound, to: bound }),
    sort: sortOf(episodes.columns.map((column) => column.field)),
  })
  .map(({ filters, season, characters, airDate, sort }) => ({
    filters,
    facets: { season },
    ranges: {
      characters,
      air_date: dates(airDate),
    },
    sort,
  }))

const pages = fc.oneof(
  { weight: 3, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) },
)

/** What the three engines are compared on: the count, the page's ids, and each facet's counts. */
const comparable = (answer: { count: number; ids: number[]; facets: ViewAnswer['facets'] }) => ({
  count: answer.count,
  ids: answer.ids,
  facets: answer.facets.map((facet) => ({ name: facet.name, values: facet.values })),
})

async function storeAnswer(source: CollectionSource, view: ListView, page: number) {
  const answer = await source.answerView({
    filters: Object.entries(view.filters)
      .filter(([, value]) => (value ?? '').trim() !== '')
      .map(([field, value]) => ({ field, foldedValue: (value ?? '').trim().toLowerCase() })),
    search: null,
    view,
    count: source.collection.facets.map((facet) => facet.name),
    start: (page - 1) * PAGE_SIZE,
    end: page * PAGE_SIZE,
    facetTimeLimitMs: 60_000,
  })
  return comparable({
    count: answer.count,
    ids: answer.records.map((record) => record.id),
    facets: answer.facets,
  })
}

/** The index worker's answer: the engine over the records as the API shows them. */
function workerAnswer(collection: AnyCollection, dataset: Dataset, view: ListView, page: number) {
  const at = addressesFor(collection, 'https://c.test')
  const held: Record<string, readonly DatasetRecord[]> = dataset
  const records: ApiRecord[] = (held[collection.name] ?? []).map((record) => collection.toRecord(record, at))
  const answer = answerView(collection, records, view, page)
  return comparable({
    count: answer.info.count,
    ids: answer.results.map((record) => record.id),
    facets: answer.facets,
  })
}

describe('the three engines: the index worker, the memory store and the PostgreSQL store', () => {
  it('give the same count, rows in the same order, and the same facet counts for any view', async () => {
    // One database: each run loads its dataset as a new generation, as a db:load of a new catalogue does.
    const url = await freshDatabase()
    await fc.assert(
      fc.asyncProperty(
        datasets,
        fc.array(fc.tuple(locationViews, pages), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(episodeViews, pages), { minLength: 1, maxLength: 6 }),
        async (dataset, locationCases, episodeCases) => {
          const memory = createStore(dataset)
          for (const store of memory.collections) store.prepareViews()
          await loadInto(url, dataset)
          const database = await openCatalogue(url)
          try {
            for (const [collection, cases] of [
              [locations, locationCases],
              [episodes, episodeCases],
            ] as const) {
              const inMemory = memory.collections.find((store) => store.collection.name === collection.name)
              const inDatabase = database.live.collection(collection.name)
              expect(inDatabase.answersViews).toBe(true)
              for (const [view, page] of cases) {
                const worker = workerAnswer(collection, dataset, view, page)
                if (!inMemory) throw new Error(`no ${collection.name} in memory`)
                expect(await storeAnswer(inMemory, view, page)).toEqual(worker)
                expect(await storeAnswer(inDatabase, view, page)).toEqual(worker)
              }
            }
          } finally {
            // A failing run leaves no connection open: the shrinking runs after it need them.
            await database.close()
          }
        },
      ),
      // Each run loads a database: shrinking a failure stops after two minutes, with what it found by then.
      { numRuns: 25, interruptAfterTimeLimit: 120_000 },
    )
  }, 240_000)
})

describe('a catalogue loaded before views (schema version 1)', () => {
  it('answers a view’s request as the plain list, without the echo, as a service without views would', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    const client = new pg.Client(connectionOptions(url, 'catalogue-test'))
    await client.connect()
    for (const collection of [locations, episodes])
      await client.query(`DROP TABLE ${viewsTableOf(collection, 1)}`)
    await client.end()
    const old = await openCatalogue(url)
    const app = await buildApp({ store: old.live, rateLimit: 0 })
    const get = async (url: string) =>
      (await app.inject({ url, headers: { authorization: `Bearer ${DEMO_KEY}` } })).body
    const plain = await get('/v1/locations?name=a')
    expect(await get('/v1/locations?name=a&_sort=name&_facet=type&_sort=colour')).toBe(plain)
    expect(viewPageSchema(locations.record).parse(JSON.parse(plain)).info.view).toBeUndefined()
    await app.close()
  })
})

describe('a catalogue loaded before facet counts were kept (schema version 2)', () => {
  it('counts the whole list’s facets per request, the same counts the load keeps', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    const ask = async () => {
      const catalogue = await openCatalogue(url)
      const app = await buildApp({ store: catalogue.live, rateLimit: 0 })
      const response = await app.inject({
        url: '/v1/locations?_facet=type&_facet=dimension',
        headers: { authorization: `Bearer ${DEMO_KEY}` },
      })
      await app.close()
      return viewPageSchema(locations.record).parse(response.json()).facets
    }
    const kept = await ask()
    const client = new pg.Client(connectionOptions(url, 'catalogue-test'))
    await client.connect()
    const { rowCount } = await client.query('DELETE FROM catalogue.facet_counts')
    await client.end()
    expect(rowCount).toBeGreaterThan(0)
    const counted = await ask()
    expect(counted?.type?.counted).toBe(true)
    expect(counted).toEqual(kept)
  })
})

describe('a facet counted within its time limit', () => {
  it('is stopped by the database past the limit, and the connection is used again', async () => {
    const url = await freshDatabase()
    const database = new Database(url, 5_000, 1)
    expect(await database.queryWithin('test', 50, 'SELECT pg_sleep(2)')).toBeNull()
    expect(await database.queryWithin<{ one: number }>('test', 1_000, 'SELECT 1 AS one')).toEqual([
      { one: 1 },
    ])
    expect(await database.queryWithin('test', 0, 'SELECT 1')).toBeNull()
    await database.close()
  })
})
