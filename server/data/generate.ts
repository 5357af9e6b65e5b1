/**
 * Writes a catalogue dataset (contract section 9). The same arguments always give the same file.
 *
 *   npm run generate:data                       rewrites the shipped dataset server/data/catalogue.json
 *   npm run generate:data -- --locations 100000 --episodes 9801 --out /tmp/big.json
 *
 * Flags: --locations N (default 126), --episodes N (default 51), --seed N (default 20131202), --out PATH.
 */
import { createWriteStream } from 'node:fs'
import { resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import {
  COLLECTIONS,
  type CollectionName,
  type Dataset,
  type DatasetEpisode,
  type DatasetLocation,
  describeHoldings,
} from '../../src/catalogue'
import { writeAirDate } from '../../src/catalogue/air-date'
import { DATA_MAX_MB_VARIABLE, DEFAULT_DATASET_PATH, readDatasetLimit } from '../config'
import { seededRandom } from './seeded-random'

/** Names that make filters interesting: punctuation, pattern characters, non-ASCII letters, odd case. */
const HANDWRITTEN_LOCATION_NAMES = [
  'Harbor Nine',
  'Café Müller',
  'Zürich Nine',
  'Ñandú Plains',
  'Earth (Prime Variant)',
  'Earth (Shattered Variant)',
  'Station .* Omega',
  '100% Juice Moon',
  'Plus+Minus Orbital',
  'Salt & Pepper Dunes',
  'Outpost #9',
  'St. Gloop’s Infirmary',
  'GLORBO PRIME',
  'the quiet moon',
  'Hall of Mirrors (North)',
  'Ångström Reach',
  'Łódź Underground',
  'Smith & Sons Asteroid',
  'Back\\Slash Nebula',
  'Question? Mark Spire',
  'Pyramid_Under_Score',
  'Ζeta Σtation',
  'Köln-Deutz Transit Hub',
  'The 50/50 Casino',
]

const PLACE_WORDS = [
  'Harbor',
  'Citadel',
  'Garden',
  'Mirror',
  'Crater',
  'Forest',
  'Canyon',
  'Tower',
  'Market',
  'Reef',
  'Spire',
  'Valley',
  'Ridge',
  'Hollow',
  'Lagoon',
  'Bazaar',
  'Vault',
  'Dock',
  'Quarry',
  'Meadow',
]
const DESCRIPTIVE_WORDS = [
  'Glass',
  'Silent',
  'Crimson',
  'Frozen',
  'Lost',
  'Hidden',
  'Golden',
  'Broken',
  'Endless',
  'Tiny',
  'Upside-down',
  'Neon',
  'Sunken',
  'Floating',
  'Velvet',
  'Rusty',
  'Blue',
  'Sleepy',
  'Café',
  'Über',
]
const SUFFIXES = ['Nine', 'Prime', 'Minor', 'Major', 'II', 'III', 'X', 'of Doom', '(Old)', 'Beta', 'Zero', '']
const LOCATION_TYPES = [
  'Planet',
  'Space station',
  'Microverse',
  'Dream',
  'Resort',
  'Cluster',
  'Fantasy town',
  'TV',
  'Dimension',
  'Menagerie',
  'Spacecraft',
  'Asteroid',
  'Game',
  'Nightclub',
  'Base',
  'Memory',
  'Liminal space',
]
const DIMENSIONS = [
  'Dimension K-12',
  'Dimension C-500',
  'Replacement Dimension',
  'Fantasy Dimension',
  'unknown',
  'Post-Apocalyptic Dimension',
  'Chair Dimension',
  'Dimension 5-126',
  'Cromulon Dimension',
  'Dimension (Ω-7)',
  'Testicle-free Dimension',
  'Pizza Dimension',
  'Evil Dimension',
  'Dimension J19ζ7',
]

const HANDWRITTEN_EPISODE_NAMES = [
  'The First Door',
  'A Café for Two',
  'Tick & Tock',
  'The (Very) Long Night',
  'Pattern .* Match',
  '100% Certain',
  'One + One',
  'Hashtag #Blessed',
  'Señor Gloop',
  'ÜBER DRIVE',
  'the small hours',
  'Über Alles? Nope.',
]
const EPISODE_WORDS = [
  'Door',
  'Night',
  'Dream',
  'Heist',
  'Wedding',
  'Pickle',
  'Council',
  'Portal',
  'Vat',
  'Garden',
  'Promise',
  'Mirror',
  'Machine',
  'Storm',
  'Ghost',
  'Dinner',
  'Clock',
  'Rocket',
  'Signal',
  'Dragon',
]
const EPISODE_PATTERNS = [
  (a: string, b: string) => `The ${a} of the ${b}`,
  (a: string, b: string) => `${a} and ${b}`,
  (a: string, b: string) => `A ${a} Called ${b}`,
  (a: string, b: string) => `The ${a} Returns from ${b}`,
  (a: string, b: string) => `${a}s, ${b}s & More`,
  (a: string, b: string) => `Mr. ${a} Goes to ${b}town`,
]
/** Episodes per season of the shipped dataset: 6 seasons, 51 episodes. */
const SHIPPED_SEASONS = [11, 10, 10, 10, 5, 5]
/** An episode code has two digits for its season and two for its number (S99E99). */
const MAX_SEASONS = 99
const MAX_SEASON_LENGTH = 99
/** The most episodes whose codes differ: 99 seasons of 99. */
export const MAX_EPISODES = MAX_SEASONS * MAX_SEASON_LENGTH
/** Seasons up to this long air weekly; longer ones air on weekdays, as a daily show's do. */
const WEEKLY_SEASON_LENGTH = 26
const FIRST_AIR_DATE = Date.UTC(2013, 11, 2)
/** A longer run starts earlier, so that no episode airs after this year. */
const LAST_AIR_YEAR = 2025
const FIRST_CREATED = Date.UTC(2017, 10, 10, 12, 42, 4, 162)
/** Creation times step by up to 10 minutes, or less when that would carry a large catalogue past 2025. */
const CREATED_STEP_MS = 600_000
const CREATED_SPAN_MS = Date.UTC(2025, 11, 31) - FIRST_CREATED
const DAY = 86_400_000
const MB = 1024 * 1024
const WEEK = 7 * DAY

/** What makes the shipped dataset (server/data/catalogue.json): the generator's defaults. */
export const SHIPPED_OPTIONS = { locations: 126, episodes: 51, seed: 20131202 } as const

export interface DatasetOptions {
  locations: number
  episodes: number
  seed: number
}

type Sections = readonly (readonly [name: string, records: Iterable<object>])[]

/**
 * Each collection's records, in COLLECTIONS order, made as they are read: one PRNG runs through all of them, so
 * they must be read in that order (formatting and writing do), and nothing but the record being made is held.
 */
export function datasetRecords({ locations, episodes, seed }: DatasetOptions) {
  if (episodes > MAX_EPISODES) {
    throw new Error(
      `There can be at most ${MAX_EPISODES.toLocaleString('en')} episodes: an episode code has two digits for its season and two for its number (S99E99).`,
    )
  }
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const characterCount = Math.max(826, Math.ceil(locations / 10))
  const characterIds = (max: number): number[] => {
    const count = Math.floor(random() * (max + 1))
    const ids = new Set<number>()
    while (ids.size < count) ids.add(1 + Math.floor(random() * characterCount))
    return [...ids].sort((a, b) => a - b)
  }
  let createdAt = FIRST_CREATED
  // Twice the mean step fills the span; the shipped dataset's 177 records keep the 10-minute step.
  const createdStep = Math.min(
    CREATED_STEP_MS,
    Math.floor((2 * CREATED_SPAN_MS) / (locations + episodes + 1)),
  )
  const nextCreated = (): string => {
    createdAt += 1 + Math.floor(random() * createdStep)
    return new Date(createdAt).toISOString()
  }

  function* locationRecords(): Generator<DatasetLocation> {
    for (let index = 0; index < locations; index++) {
      const id = index + 1
      const handwritten = HANDWRITTEN_LOCATION_NAMES[index]
      const generated = [pick(DESCRIPTIVE_WORDS), pick(PLACE_WORDS), pick(SUFFIXES)].filter(Boolean).join(' ')
      // Past a few thousand records, a number keeps names varied (as real catalogues are).
      const name = handwritten ?? (locations > 2000 ? `${generated} ${id}` : generated)
      yield {
        id,
        name,
        // Every 13th location has no known type, every 17th no known dimension.
        type: id % 13 === 0 ? '' : pick(LOCATION_TYPES),
        dimension: id % 17 === 0 ? '' : pick(DIMENSIONS),
        residents: id % 7 === 0 ? [] : characterIds(8),
        created: nextCreated(),
      }
    }
  }

  function* episodeRecords(): Generator<DatasetEpisode> {
    const shipped = episodes === SHIPPED_SEASONS.reduce((sum, length) => sum + length, 0)
    const schedule = shipped ? null : seriesSchedule(episodes)
    let airDate = FIRST_AIR_DATE
    for (let index = 0; index < episodes; index++) {
      let code: { season: number; number: number }
      if (schedule) {
        code = { season: Math.floor(index / schedule.length) + 1, number: (index % schedule.length) + 1 }
        airDate = schedule.airDate(code.season, code.number)
      } else {
        code = shippedEpisodeNumber(index)
        if (code.number === 1 && index > 0) airDate += (120 + Math.floor(random() * 300)) * DAY
        else if (index > 0) airDate += WEEK
      }
      const handwritten = HANDWRITTEN_EPISODE_NAMES[index]
      const pattern = pick(EPISODE_PATTERNS)
      yield {
        id: index + 1,
        name: handwritten ?? pattern(pick(EPISODE_WORDS), pick(EPISODE_WORDS)),
        air_date: writeAirDate(new Date(airDate)),
        episode: `S${twoDigits(code.season)}E${twoDigits(code.number)}`,
        characters: characterIds(30),
        created: nextCreated(),
      }
    }
  }

  const sections: Record<CollectionName, Iterable<object>> = {
    locations: locationRecords(),
    episodes: episodeRecords(),
  }
  return COLLECTIONS.map(({ name }) => [name, sections[name]] as const) satisfies Sections
}

export function generateDataset(options: DatasetOptions): Dataset {
  const [locations, episodes] = datasetRecords(options).map(([, records]) => [...records])
  return { locations, episodes } as Dataset
}

/**
 * How a series of `episodes` episodes airs: seasons grow with the series (about its square root, at least 10
 * and at most 99 episodes), so there are never more than 99 of them; seasons of up to 26 air weekly, one a
 * year, longer ones on weekdays, two a year. A run that would end after LAST_AIR_YEAR starts earlier.
 */
function seriesSchedule(episodes: number) {
  const length = Math.min(MAX_SEASON_LENGTH, Math.max(10, Math.ceil(Math.sqrt(episodes))))
  const seasons = Math.ceil(episodes / length)
  const weekly = length <= WEEKLY_SEASON_LENGTH
  const seasonEvery = weekly ? 52 * WEEK : 26 * WEEK
  const airDay = (number: number) =>
    weekly ? (number - 1) * WEEK : Math.floor((number - 1) / 5) * WEEK + ((number - 1) % 5) * DAY
  const lastEnd = (seasons - 1) * seasonEvery + airDay(length)
  // Keeps the first air date a Monday, as December 2, 2013 is.
  const latestStart = Date.UTC(LAST_AIR_YEAR, 11, 31) - lastEnd
  const first =
    FIRST_AIR_DATE <= latestStart
      ? FIRST_AIR_DATE
      : FIRST_AIR_DATE - Math.ceil((FIRST_AIR_DATE - latestStart) / WEEK) * WEEK
  return {
    length,
    airDate: (season: number, number: number) => first + (season - 1) * seasonEvery + airDay(number),
  }
}

function shippedEpisodeNumber(index: number): { season: number; number: number } {
  let rest = index
  for (const [seasonIndex, length] of SHIPPED_SEASONS.entries()) {
    if (rest < length) return { season: seasonIndex + 1, number: rest + 1 }
    rest -= length
  }
  throw new Error('unreachable')
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0')
}

/** Lines joined into chunks of about this many records, so a large file is written in few, bounded writes. */
const LINES_PER_CHUNK = 1000

/**
 * The dataset file's text, chunk by chunk: one record per line (readable diffs for the shipped file, and still
 * compact for large ones).
 */
function* datasetText(sections: Sections): Generator<string> {
  yield '{\n'
  for (const [sectionIndex, [name, records]] of sections.entries()) {
    let chunk = `${sectionIndex === 0 ? '' : ',\n'}  "${name}": [\n`
    let lines = 0
    for (const record of records) {
      chunk += `${lines++ === 0 ? '' : ',\n'}    ${JSON.stringify(record)}`
      if (lines % LINES_PER_CHUNK === 0) {
        yield chunk
        chunk = ''
      }
    }
    yield `${chunk}\n  ]`
  }
  yield '\n}\n'
}

export function formatDataset(dataset: Dataset): string {
  const records: { readonly [name: string]: readonly object[] } = dataset
  return [...datasetText(COLLECTIONS.map(({ name }) => [name, records[name] ?? []] as const))].join('')
}

/** Writes the dataset as it is made (its memory stays bounded whatever its size); resolves to its size in bytes. */
export async function writeDataset(options: DatasetOptions, path: string): Promise<number> {
  const file = createWriteStream(path)
  await pipeline(Readable.from(datasetText(datasetRecords(options))), file)
  return file.bytesWritten
}

const USAGE = `Usage: npm run generate:data -- [options]

Writes a deterministic dataset (the same output for the same options).

Options:
  --locations <n>  number of locations (default ${SHIPPED_OPTIONS.locations})
  --episodes <n>   number of episodes (default ${SHIPPED_OPTIONS.episodes})
  --seed <n>       seed of the generator (default ${SHIPPED_OPTIONS.seed})
  --out <path>     file to write (default: the shipped dataset, server/data/catalogue.json)

At most ${MAX_EPISODES.toLocaleString('en')} episodes (codes run to S99E99); seasons grow with the catalogue. The file is
written as it is made, so any size fits in memory; one larger than the service reads
(CATALOGUE_DATA_MAX_MB, default 128) is written with a warning.
  -h, --help       print this and exit`

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      locations: { type: 'string', default: String(SHIPPED_OPTIONS.locations) },
      episodes: { type: 'string', default: String(SHIPPED_OPTIONS.episodes) },
      seed: { type: 'string', default: String(SHIPPED_OPTIONS.seed) },
      out: { type: 'string', default: DEFAULT_DATASET_PATH },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const count = (flag: string, text: string): number => {
    if (!/^[0-9]+$/.test(text)) throw new Error(`--${flag} must be a whole number, got "${text}"`)
    return Number(text)
  }
  const options = {
    locations: count('locations', values.locations),
    episodes: count('episodes', values.episodes),
    seed: count('seed', values.seed),
  }
  const limit = readDatasetLimit()
  const bytes = await writeDataset(options, values.out)
  // The OpenAPI document's examples are the service's real answers from the shipped dataset.
  if (resolve(values.out) === DEFAULT_DATASET_PATH) {
    // Loaded only here: the service it starts is not for the generator's other users (benchmarks, specs).
    const { writeExamples } = await import('../build/openapi-examples')
    await writeExamples(generateDataset(options))
  }
  const counts = COLLECTIONS.map(({ name, labels }) => ({ labels, count: options[name] }))
  console.log(`Wrote ${describeHoldings(counts)} to ${values.out}`)
  if (bytes > limit.bytes) {
    const needed = Math.ceil(bytes / MB)
    console.error(
      `Warning: ${values.out} has ${Math.round(bytes / MB)} MB, more than the service reads (${DATA_MAX_MB_VARIABLE} is ${limit.megabytes} MB): start it with ${DATA_MAX_MB_VARIABLE}=${needed} or more to serve this file.`,
    )
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    console.error(`\n${USAGE}`)
    process.exit(1)
  })
}
