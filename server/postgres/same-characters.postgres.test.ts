import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type AnyCollection,
  type ApiRecord,
  COLLECTIONS,
  type Dataset,
  type DatasetEpisode,
  type DatasetLocation,
  type DatasetRecord,
  PAGE_SIZE,
} from '../../src/catalogue'
import { relatedRecords } from '../../src/catalogue/characters/character-index'
import {
  characterDetail,
  characterListPage,
  indexCharacters,
} from '../../src/catalogue-index/worker/characters'
import { bothStores } from '../test/postgres'

/*
 * Contract §13's characters held on three answerers: the explorer's index, the memory store and PostgreSQL
 * answer every characters list, character and record's related records of generated catalogues alike (both
 * stores byte for byte; the index's counts, rows, season counts, records and orders the same). The catalogues
 * name characters twice in one record, share air dates and codes, and leave some records without characters.
 */

// Few dates, so that episodes share one (air order then reads their codes, then ids).
const AIR_DATES = ['December 2, 2013', 'January 13, 2014', 'July 26, 2015']
// Duplicates on purpose: a record may name a character twice (counted once).
const named = fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 6 })

const location = (id: number) =>
  fc.record({ residents: named, type: fc.constantFrom('Planet', '') }).map(
    (fields): DatasetLocation => ({
      id,
      name: `Place ${id}`,
      dimension: 'C-137',
      ...fields,
      created: '2017-11-10T12:42:04.162Z',
    }),
  )

const episode = (id: number) =>
  fc
    .record({
      season: fc.integer({ min: 1, max: 3 }),
      number: fc.integer({ min: 1, max: 3 }),
      airDate: fc.constantFrom(...AIR_DATES),
      characters: named,
    })
    .map(
      ({ season, number, airDate, characters }): DatasetEpisode => ({
        id,
        name: `Episode ${id}`,
        air_date: airDate,
        // Few codes, so that two episodes of one date now and then share one too (air order then reads ids).
        episode: `S0${season}E0${number}`,
        characters,
        created: '2017-11-10T12:42:04.162Z',
      }),
    )

const datasets = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 40 }),
    fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { maxLength: 25 }),
  )
  .chain(([locationIds, episodeIds]) =>
    fc.record({
      locations: fc.tuple(...locationIds.map(location)),
      episodes: fc.tuple(...episodeIds.map(episode)),
    }),
  )
  .map((dataset): Dataset => ({ locations: [...dataset.locations], episodes: [...dataset.episodes] }))

const bound = fc.option(fc.integer({ min: 0, max: 4 }), { nil: null })
const listQueries = fc.record({
  page: fc.integer({ min: 1, max: 3 }),
  season: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  sort: fc.option(
    fc.record({ field: fc.constantFrom('id', 'locations', 'episodes'), descending: fc.boolean() }),
    { nil: null },
  ),
  ranges: fc.record({
    locations: fc.record({ from: bound, to: bound }),
    episodes: fc.record({ from: bound, to: bound }),
  }),
})
type ListQuery = typeof listQueries extends fc.Arbitrary<infer Q> ? Q : never

function listPath(query: ListQuery): string {
  const params = new URLSearchParams({ page: String(query.page) })
  if (query.season !== null) params.set('season', String(query.season))
  if (query.sort) params.set(query.sort.descending ? '_sort_desc' : '_sort', query.sort.field)
  for (const [name, { from, to }] of Object.entries(query.ranges)) {
    if (from !== null) params.set(`${name}__gte`, String(from))
    if (to !== null) params.set(`${name}__lte`, String(to))
  }
  return `/v1/characters?${params}&_facet=season&_facet_bins=episodes&_facet_bins=locations`
}

/** The records as the API shows them, which the explorer's index is built from. */
function apiRecords(dataset: Dataset): Map<string, ApiRecord[]> {
  const base = 'https://catalogue.example.com'
  return new Map(
    COLLECTIONS.map((collection: AnyCollection) => [
      collection.name,
      ([...dataset[collection.name as keyof Dataset]] as DatasetRecord[]).map((record) =>
        collection.toRecord(record, {
          self: (id) => `${base}${collection.itemPath}/${id}`,
          characters: (ids) => ids.map((id) => `${base}/v1/characters/${id}`),
        }),
      ),
    ]),
  )
}

const ids = (records: readonly { id: number }[]) => records.map((record) => record.id)

describe('three answerers, one set of characters (contract §13)', () => {
  it('the index, the memory store and PostgreSQL answer the characters pages alike', async () => {
    const stores = await bothStores()
    await fc.assert(
      fc.asyncProperty(
        datasets,
        fc.array(listQueries, { minLength: 3, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 32 }), { minLength: 1, maxLength: 4 }),
        async (dataset, lists, characters) => {
          await stores.serve(dataset)
          const index = indexCharacters(apiRecords(dataset))
          const same = async (path: string) => {
            const { memory, postgres } = await stores.answers(path)
            expect(postgres, path).toEqual(memory)
            return memory
          }

          for (const query of lists) {
            const path = listPath(query)
            const answer = await same(path)
            const expected = characterListPage(index, query)
            if (answer.status === 404) {
              expect(expected.results, path).toEqual([])
              expect(query.page, path).toBeGreaterThan(1)
              continue
            }
            expect(answer.status, path).toBe(200)
            const body = JSON.parse(answer.body) as {
              info: { count: number; pages: number }
              results: { id: number; locations: number; episodes: number }[]
              facets: { season: { values: { value: string; count: number }[] } }
            }
            expect(body.info.count, path).toBe(expected.info.count)
            expect(body.info.pages, path).toBe(expected.info.pages)
            expect(
              body.results.map(({ id, locations, episodes }) => ({ id, counts: { locations, episodes } })),
              path,
            ).toEqual(expected.results.map(({ id, counts }) => ({ id, counts })))
            expect(
              Object.fromEntries(body.facets.season.values.map(({ value, count }) => [value, count])),
              path,
            ).toEqual(
              Object.fromEntries(Object.entries(expected.seasonCounts).map(([s, n]) => [String(s), n])),
            )
          }

          const many = await same(`/v1/characters/[${characters.join(',')}]`)
          const found = JSON.parse(many.body) as {
            id: number
            locations: { results: ApiRecord[] }
            episodes: { results: ApiRecord[] }
          }[]
          const detailed = [...new Set(characters)]
            .sort((a, b) => a - b)
            .flatMap((id) => characterDetail(index, id) ?? [])
          expect(found.map((character) => character.id)).toEqual(detailed.map((character) => character.id))
          for (const [at, character] of found.entries()) {
            const links = detailed[at]?.links ?? []
            expect(ids(character.locations.results)).toEqual(ids(links[0]?.records ?? []))
            expect(ids(character.episodes.results)).toEqual(ids(links[1]?.records ?? []))
          }
          const [one] = characters as [number]
          expect((await same(`/v1/characters/${one}`)).status).toBe(characterDetail(index, one) ? 200 : 404)

          for (const [collection, other, records] of [
            ['locations', 'episodes', dataset.locations],
            ['episodes', 'locations', dataset.episodes],
          ] as const) {
            for (const { id } of records.slice(0, 3)) {
              const path = `/v1/${collection}/${id}/${other}`
              const answer = await same(path)
              expect(answer.status, path).toBe(200)
              const body = JSON.parse(answer.body) as {
                info: { count: number }
                results: { shared: number; record: { id: number } }[]
              }
              const expected = relatedRecords(index, collection, id)?.find(
                (each) => each.collection === other,
              )
              expect(body.info.count, path).toBe(expected?.items.length)
              expect(
                body.results.map(({ shared, record }) => [record.id, shared]),
                path,
              ).toEqual(expected?.items.slice(0, PAGE_SIZE).map(({ record, count }) => [record.id, count]))
            }
          }
        },
      ),
      { numRuns: 20 },
    )
    await stores.close()
  }, 240_000)
})
