/**
 * Writes a catalogue dataset (contract section 9). The same arguments always give the same file.
 *
 *   npm run generate:data                       rewrites the shipped dataset server/data/catalogue.json
 *   npm run generate:data -- --locations 100000 --episodes 20000 --out /tmp/big.json
 *
 * Flags: --locations N (default 126), --episodes N (default 51), --seed N (default 20131202), --out PATH.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import {
  COLLECTIONS,
  type Dataset,
  type DatasetEpisode,
  type DatasetLocation,
  describeHoldings,
} from '../../src/catalogue'
import { writeAirDate } from '../../src/catalogue/air-date'
import { DEFAULT_DATASET_PATH } from '../config'
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
/** Episodes per season when generating any other number of episodes. */
const LARGE_SEASON_LENGTH = 30
const FIRST_AIR_DATE = Date.UTC(2013, 11, 2)
const FIRST_CREATED = Date.UTC(2017, 10, 10, 12, 42, 4, 162)
const DAY = 86_400_000

/** What makes the shipped dataset (server/data/catalogue.json): the generator's defaults. */
export const SHIPPED_OPTIONS = { locations: 126, episodes: 51, seed: 20131202 } as const

export interface DatasetOptions {
  locations: number
  episodes: number
  seed: number
}

export function generateDataset({ locations, episodes, seed }: DatasetOptions): Dataset {
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
  const nextCreated = (): string => {
    createdAt += 1 + Math.floor(random() * 600_000)
    return new Date(createdAt).toISOString()
  }

  const locationRecords: DatasetLocation[] = []
  for (let index = 0; index < locations; index++) {
    const id = index + 1
    const handwritten = HANDWRITTEN_LOCATION_NAMES[index]
    const generated = [pick(DESCRIPTIVE_WORDS), pick(PLACE_WORDS), pick(SUFFIXES)].filter(Boolean).join(' ')
    // Past a few thousand records, a number keeps names varied (as real catalogues are).
    const name = handwritten ?? (locations > 2000 ? `${generated} ${id}` : generated)
    locationRecords.push({
      id,
      name,
      // Every 13th location has no known type, every 17th no known dimension.
      type: id % 13 === 0 ? '' : pick(LOCATION_TYPES),
      dimension: id % 17 === 0 ? '' : pick(DIMENSIONS),
      residents: id % 7 === 0 ? [] : characterIds(8),
      created: nextCreated(),
    })
  }

  const episodeRecords: DatasetEpisode[] = []
  let airDate = FIRST_AIR_DATE
  const shipped = episodes === SHIPPED_SEASONS.reduce((sum, length) => sum + length, 0)
  for (let index = 0; index < episodes; index++) {
    const { season, number } = shipped ? shippedEpisodeNumber(index) : largeEpisodeNumber(index)
    if (number === 1 && index > 0) airDate += (120 + Math.floor(random() * 300)) * DAY
    else if (index > 0) airDate += 7 * DAY
    const date = new Date(airDate)
    const handwritten = HANDWRITTEN_EPISODE_NAMES[index]
    const pattern = pick(EPISODE_PATTERNS)
    episodeRecords.push({
      id: index + 1,
      name: handwritten ?? pattern(pick(EPISODE_WORDS), pick(EPISODE_WORDS)),
      air_date: writeAirDate(date),
      episode: `S${twoDigits(season)}E${twoDigits(number)}`,
      characters: characterIds(30),
      created: nextCreated(),
    })
  }
  return { locations: locationRecords, episodes: episodeRecords }
}

function shippedEpisodeNumber(index: number): { season: number; number: number } {
  let rest = index
  for (const [seasonIndex, length] of SHIPPED_SEASONS.entries()) {
    if (rest < length) return { season: seasonIndex + 1, number: rest + 1 }
    rest -= length
  }
  throw new Error('unreachable')
}

/** Codes have two digits each, so very large datasets start again at season 1 after season 99. */
function largeEpisodeNumber(index: number): { season: number; number: number } {
  return {
    season: (Math.floor(index / LARGE_SEASON_LENGTH) % 99) + 1,
    number: (index % LARGE_SEASON_LENGTH) + 1,
  }
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0')
}

/** One record per line: readable diffs for the shipped file, and still compact for large ones. */
export function formatDataset(dataset: Dataset): string {
  const records: { readonly [name: string]: readonly object[] } = dataset
  const lines = (list: readonly object[]) => list.map((record) => `    ${JSON.stringify(record)}`).join(',\n')
  const sections = COLLECTIONS.map(({ name }) => `  "${name}": [\n${lines(records[name] ?? [])}\n  ]`)
  return `{\n${sections.join(',\n')}\n}\n`
}

const USAGE = `Usage: npm run generate:data -- [options]

Writes a deterministic dataset (the same output for the same options).

Options:
  --locations <n>  number of locations (default ${SHIPPED_OPTIONS.locations})
  --episodes <n>   number of episodes (default ${SHIPPED_OPTIONS.episodes})
  --seed <n>       seed of the generator (default ${SHIPPED_OPTIONS.seed})
  --out <path>     file to write (default: the shipped dataset, server/data/catalogue.json)
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
  const dataset = generateDataset({
    locations: count('locations', values.locations),
    episodes: count('episodes', values.episodes),
    seed: count('seed', values.seed),
  })
  writeFileSync(values.out, formatDataset(dataset))
  // The OpenAPI document's examples are the service's real answers from the shipped dataset.
  if (resolve(values.out) === DEFAULT_DATASET_PATH) {
    // Loaded only here: the service it starts is not for the generator's other users (benchmarks, specs).
    const { writeExamples } = await import('../build/openapi-examples')
    await writeExamples(dataset)
  }
  const records: { readonly [name: string]: readonly object[] } = dataset
  const counts = COLLECTIONS.map(({ name, labels }) => ({ labels, count: records[name]?.length ?? 0 }))
  console.log(`Wrote ${describeHoldings(counts)} to ${values.out}`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    console.error(`\n${USAGE}`)
    process.exit(1)
  })
}
