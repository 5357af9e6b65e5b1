/**
 * The shipped dataset (server/data/catalogue.json), read from the file, so that the character specs compare
 * what the explorer derives with a computation of their own over the data the service serves.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { COLLECTIONS, type Dataset, parseAirDate, parseEpisodeCode } from '../../src/catalogue'

export function readDataset(): Dataset {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'server', 'data', 'catalogue.json'), 'utf8'),
  )
}

type DatasetEpisode = Dataset['episodes'][number]
type DatasetLocation = Dataset['locations'][number]

export const seasonOfEpisode = (episode: DatasetEpisode) => parseEpisodeCode(episode.episode)?.season ?? 0
export const airTime = (episode: DatasetEpisode) => parseAirDate(episode.air_date)?.getTime() ?? 0

/**
 * Each character: the locations listing it and the episodes it appears in (episodes in air order), and how
 * many records of each collection name it (every collection with character links, by name).
 */
export function charactersOf(dataset: Dataset) {
  type Character = {
    locations: DatasetLocation[]
    episodes: DatasetEpisode[]
    counts: Record<string, number>
  }
  const characters = new Map<number, Character>()
  const entry = (id: number) => {
    let found = characters.get(id)
    if (!found) {
      found = {
        locations: [],
        episodes: [],
        counts: Object.fromEntries(COLLECTIONS.map(({ name }) => [name, 0])),
      }
      characters.set(id, found)
    }
    return found
  }
  const records: { readonly [name: string]: readonly Record<string, unknown>[] } = dataset
  for (const { name, characterLinks } of COLLECTIONS) {
    for (const record of records[name] ?? []) {
      const links = record[characterLinks.field]
      for (const id of new Set(Array.isArray(links) ? links : [])) {
        const counts = entry(Number(id)).counts
        counts[name] = (counts[name] ?? 0) + 1
      }
    }
  }
  for (const location of [...dataset.locations].sort((a, b) => a.id - b.id)) {
    for (const id of new Set(location.residents)) entry(id).locations.push(location)
  }
  const inAirOrder = [...dataset.episodes].sort(
    (a, b) => airTime(a) - airTime(b) || a.episode.localeCompare(b.episode) || a.id - b.id,
  )
  for (const episode of inAirOrder) {
    for (const id of new Set(episode.characters)) entry(id).episodes.push(episode)
  }
  return characters
}
