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
} from '../../src/catalogue'
import { buildCatalogueSearch, searchAll } from '../../src/catalogue-index/worker/search-index'
import type { buildApp } from '../app'
import { DEMO_KEY } from '../config'
import { bothStores } from '../test/postgres'

/*
 * Contract §13 held on three engines: the explorer's index worker, the memory store and PostgreSQL answer every
 * search of generated catalogues alike (the same results in the same order; both stores byte for byte), on
 * names full of what the fold and the tokenizer must get right: accents, ligatures, letters no stripping makes
 * plain, digits, punctuation, letters beyond the Basic Multilingual Plane, and near-duplicates one edit apart.
 */

const WORDS = [
  'Café',
  'cafe',
  'CAFÉ',
  'Cafés',
  'Müller',
  'muller',
  'ﬁnal',
  'Final',
  'Æsir',
  'aesir',
  'Straße',
  'strasse',
  'Glorbo',
  'Glorb',
  'Globo',
  'Prime',
  'Prme',
  'Nine',
  '9',
  '42',
  'C-137',
  'Gazorpazorp',
  'Łódź',
  'Þórr',
  '🪐ring',
  'S2E3',
]
const SEPARATORS = [' ', ' ', ' ', '-', ', ', '.', ' & ', '_', '  ']

const name = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 4 })
  .map((parts) =>
    parts
      .map(([word, separator]) => `${word}${separator}`)
      .join('')
      .trim(),
  )
const characters = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 3 })

const location = (id: number) =>
  fc
    .record({
      name,
      type: fc.constantFrom('Planet', 'Café Planet', 'Space Station', '', '  ', 'Straße'),
      dimension: fc.constantFrom('Dimension C-137', 'Cafe Dimension', 'Replacement Dimension', 'unknown'),
      residents: characters,
    })
    .map((fields): DatasetLocation => ({ id, ...fields, created: '2017-11-10T12:42:04.162Z' }))

const episode = (id: number) =>
  fc
    .record({
      name,
      season: fc.integer({ min: 1, max: 3 }),
      number: fc.integer({ min: 1, max: 4 }),
      characters,
    })
    .map(
      ({ season, number, ...fields }): DatasetEpisode => ({
        id,
        ...fields,
        air_date: 'December 2, 2013',
        // Few codes, so that a code is now and then held twice.
        episode: `S0${season}E0${number}`,
        created: '2017-11-10T12:42:04.162Z',
      }),
    )

const datasets = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 45 }),
    fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 20 }),
  )
  .chain(([locationIds, episodeIds]) =>
    fc.record({
      locations: fc.tuple(...locationIds.map(location)),
      episodes: fc.tuple(...episodeIds.map(episode)),
    }),
  )
  .map((dataset): Dataset => ({ locations: [...dataset.locations], episodes: [...dataset.episodes] }))

/** A word as typed: whole, cut short (a prefix), one letter dropped, changed or added, in any case. */
const typed = fc
  .tuple(
    fc.constantFrom(...WORDS),
    fc.nat(),
    fc.constantFrom('whole', 'prefix', 'drop', 'change', 'add'),
    fc.boolean(),
  )
  .map(([word, at, how, upper]) => {
    const letters = [...word]
    const place = at % letters.length
    if (how === 'prefix') letters.splice(Math.max(2, place))
    if (how === 'drop') letters.splice(place, 1)
    if (how === 'change') letters.splice(place, 1, 'x')
    if (how === 'add') letters.splice(place, 0, 'e')
    const text = letters.join('')
    return upper ? text.toUpperCase() : text.toLowerCase()
  })

const query = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(typed, { minLength: 1, maxLength: 3 })
      .map((words) => words.join(' '))
      .filter((text) => text.trim() !== ''),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('s1e2', 'S02E03', 'S2', 'season 1', '#5', '7', 'character 12', 'zzzz'),
  },
)

/** Queries for a catalogue: typed words, and its own names, whole or with their words turned around. */
const queriesOf = (dataset: Dataset) => {
  const names = [...dataset.locations, ...dataset.episodes]
    .map((record) => record.name)
    .filter((text) => text.trim() !== '')
  if (names.length === 0) return query
  const named = fc
    .tuple(fc.constantFrom(...names), fc.boolean())
    .map(([text, reversed]) => (reversed ? text.split(/\s+/).reverse().join(' ') : text))
  return fc.oneof({ weight: 3, arbitrary: query }, { weight: 2, arbitrary: named })
}

const ask = async (app: Awaited<ReturnType<typeof buildApp>>, path: string) => {
  const response = await app.inject({ url: path, headers: { authorization: `Bearer ${DEMO_KEY}` } })
  return { status: response.statusCode, body: response.body }
}

interface RankedResult {
  collection: string
  record?: { id: number }
  of?: string
  field?: string
  value?: string
  count?: number
  id?: number
}

/** A service's whole ranked list for a query (every page), as the keys the explorer's results carry. */
async function rankedKeys(app: Awaited<ReturnType<typeof buildApp>>, q: string): Promise<string[]> {
  const keys: string[] = []
  for (let page = 1; ; page++) {
    const { status, body } = await ask(app, `/v1/search?${new URLSearchParams({ q, page: String(page) })}`)
    if (status === 404) return keys
    expect(status).toBe(200)
    const answer = JSON.parse(body) as { info: { next: string | null }; results: RankedResult[] }
    for (const result of answer.results) {
      if (result.collection === 'values')
        keys.push(`${result.of}/${result.field}/${result.value} ${result.count}`)
      else if (result.collection === 'characters') keys.push(`characters/${result.id}`)
      else keys.push(`${result.collection}/${result.record?.id}`)
    }
    if (answer.info.next === null) return keys
  }
}

/** The explorer index worker's ranked results for a query, as the same keys. */
function workerKeys(dataset: Dataset, q: string): string[] {
  const at = {
    self: (id: number) => `https://catalogue.example.com/v1/x/${id}`,
    characters: (ids: readonly number[]) =>
      ids.map((id) => `https://catalogue.example.com/v1/characters/${id}`),
  }
  const records = new Map<string, ApiRecord[]>(
    COLLECTIONS.map((collection: AnyCollection) => [
      collection.name,
      ([...dataset[collection.name as keyof Dataset]] as DatasetRecord[])
        .sort((a, b) => a.id - b.id)
        .map((record) => collection.toRecord(record, at)),
    ]),
  )
  return searchAll(buildCatalogueSearch(records), q).map((hit) => {
    if (hit.recordId !== undefined || hit.collection === 'characters') return hit.key
    const count = Number(/ · ([\d,]+) /.exec(hit.detail)?.[1]?.replaceAll(',', ''))
    return `${hit.key} ${count}`
  })
}

describe('three engines, one search (contract §13)', () => {
  it('the index worker, the memory store and PostgreSQL find the same results in the same order', async () => {
    const stores = await bothStores()
    await fc.assert(
      fc.asyncProperty(
        datasets.chain((dataset) =>
          fc.tuple(fc.constant(dataset), fc.uniqueArray(queriesOf(dataset), { minLength: 4, maxLength: 8 })),
        ),
        async ([dataset, queries]) => {
          await stores.serve(dataset)
          for (const q of queries) {
            const text = encodeURIComponent(q)
            for (const path of [
              `/v1/search?q=${text}&limit=3`,
              `/v1/search?q=${text}&_facet=collection`,
              `/v1/search?q=${text}&page=2&collection__exact=locations&collection__exact=values`,
              `/v1/locations?_search=${text}`,
              `/v1/locations?_search=${text}&page=2`,
              `/v1/locations?_search=${text}&_sort=name&_facet=type`,
              `/v1/locations?_search=${text}&type__exact=Planet&name=a`,
              `/v1/episodes/?_search=${text}&_facet=season&_sort_desc=air_date`,
              `/v1/locations?_search=${text}&_export=ndjson`,
            ]) {
              const { memory, postgres } = await stores.answers(path)
              expect(postgres, path).toEqual(memory)
            }
            expect(workerKeys(dataset, q), q).toEqual(await rankedKeys(stores.memoryApp, q))
          }
        },
      ),
      { numRuns: 25 },
    )
    await stores.close()
  }, 240_000)
})
