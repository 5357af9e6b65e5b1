import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type Dataset,
  type DatasetEpisode,
  type DatasetLocation,
  PAGE_SIZE,
  textProblem,
} from '../../src/catalogue'
import { CAREFUL_TEXT } from '../test/dataset-refusals'
import { bothStores } from '../test/postgres'

/** Pieces of text that test folding and LIKE: accents, letters whose case folding changes length, wildcards. */
const PIECES = [
  'a',
  'A',
  'b',
  'é',
  'É',
  'ß',
  'İ',
  'ı',
  'Σ',
  'ς',
  '%',
  '_',
  '\\',
  '😀',
  '🪐',
  ' ',
  '0',
  'x',
  'X',
  'ǅ',
]

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((pieces) => pieces.join(''))
/** Any text a dataset may hold (full Unicode, no U+0000 nor lone surrogate), now and then. */
const anyText = fc.oneof(
  { weight: 4, arbitrary: text },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'binary', maxLength: 5 }).filter((value) => textProblem(value) === null),
  },
)

const location = (id: number) =>
  fc
    .record({
      name: anyText,
      type: fc.constantFrom('', 'Planet', 'PLANET', 'planet%', 'Ωmega'),
      dimension: anyText,
    })
    .map(
      (fields): DatasetLocation => ({
        id,
        ...fields,
        residents: [id, id + 1],
        created: '2017-11-10T12:42:04.162Z',
      }),
    )

const episode = (id: number) =>
  fc.record({ name: anyText, season: fc.integer({ min: 1, max: 3 }) }).map(
    ({ name, season }): DatasetEpisode => ({
      id,
      name,
      air_date: 'December 2, 2013',
      episode: `S0${season}E${String((id % 99) + 1).padStart(2, '0')}`,
      characters: [],
      created: '2017-11-10T12:42:04.162Z',
    }),
  )

/** A dataset of up to 70 locations and 30 episodes with scattered ids, including names differing only by case. */
const datasets = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 70 }),
    fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 30 }),
  )
  .chain(([locationIds, episodeIds]) =>
    fc.record({
      locations: fc.tuple(...locationIds.map(location)),
      episodes: fc.tuple(...episodeIds.map(episode)),
    }),
  )
  .map((dataset): Dataset => {
    const [first] = dataset.locations
    const twins = first
      ? [
          { ...first, id: 10_001, name: first.name.toUpperCase() },
          { ...first, id: 10_002, ...CAREFUL_TEXT },
        ]
      : []
    return { locations: [...dataset.locations, ...twins], episodes: [...dataset.episodes] }
  })

/** Requests to ask both stores: filters from pieces of the data (case changed) or anywhere, pages, id lists. */
function requestsFor(dataset: Dataset): fc.Arbitrary<string[]> {
  const values = [
    ...dataset.locations.flatMap((each) => [each.name, each.dimension]),
    ...dataset.episodes.map((each) => each.name),
  ]
  const piece = fc
    .tuple(fc.constantFrom('', ...values), fc.nat(), fc.integer({ min: 0, max: 4 }), fc.boolean())
    .map(([value, start, length, upper]) => {
      const characters = [...value]
      const from = start % Math.max(1, characters.length)
      const slice = characters.slice(from, from + length).join('')
      return upper ? slice.toUpperCase() : slice.toLowerCase()
    })
  const value = fc.oneof(piece, text, fc.constantFrom(' % ', '_', '\\', 'S0', 's02'))
  const pages = Math.max(
    1,
    Math.ceil(Math.max(dataset.locations.length, dataset.episodes.length) / PAGE_SIZE),
  )
  const page = fc.integer({ min: 1, max: pages + 1 })
  const ids = fc.array(
    fc.oneof(
      fc.constantFrom(...dataset.locations.map(({ id }) => id), 1),
      fc.integer({ min: 1, max: 10_005 }),
    ),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  const q = encodeURIComponent
  const request = fc.oneof(
    fc.tuple(value, page).map(([name, p]) => `/v1/locations?name=${q(name)}&page=${p}`),
    fc
      .tuple(value, value, fc.constantFrom('planet', 'P', '%', ''))
      .map(
        ([name, dimension, type]) =>
          `/v1/locations?name=${q(name)}&dimension=${q(dimension)}&type=${q(type)}`,
      ),
    fc
      .tuple(value, fc.constantFrom('S0', 's01', 'E0', ''), page)
      .map(([name, code, p]) => `/v1/episodes/?name=${q(name)}&episode=${q(code)}&page=${p}`),
    page.map((p) => `/v1/locations?page=${p}`),
    ids.map((list) => `/v1/locations/${list.join(',')}`),
    ids.map((list) => `/v1/locations/[${list[0]}]`),
    ids.map((list) => `/v1/locations/${list[0]}`),
  )
  return fc.array(request, { minLength: 10, maxLength: 25 })
}

describe('both stores, the same catalogue', () => {
  it('answer every random filter, page and id list with the same status and the same bytes', async () => {
    const stores = await bothStores()
    await fc.assert(
      fc.asyncProperty(
        datasets.chain((dataset) => fc.tuple(fc.constant(dataset), requestsFor(dataset))),
        async ([dataset, requests]) => {
          await stores.serve(dataset)
          for (const path of requests) {
            const { memory, postgres } = await stores.answers(path)
            expect(postgres, path).toEqual(memory)
          }
        },
      ),
      { numRuns: 25 },
    )
    await stores.close()
  }, 120_000)
})
