import { CHARACTERS_PATH, collections, type Episode, type Location } from '../../src/catalogue'
import type { DatasetEpisode, DatasetLocation } from '../dataset/schema'

/** A location as the API shows it: the seven fields in the specification's order, addresses built from `base`. */
export function renderLocation(record: DatasetLocation, base: string): Location {
  return {
    id: record.id,
    name: record.name,
    type: record.type,
    dimension: record.dimension,
    residents: record.residents.map((id) => `${base}${CHARACTERS_PATH}/${id}`),
    url: `${base}${collections.locations.itemPath}/${record.id}`,
    created: record.created,
  }
}

export function renderEpisode(record: DatasetEpisode, base: string): Episode {
  return {
    id: record.id,
    name: record.name,
    air_date: record.air_date,
    episode: record.episode,
    characters: record.characters.map((id) => `${base}${CHARACTERS_PATH}/${id}`),
    url: `${base}${collections.episodes.itemPath}/${record.id}`,
    created: record.created,
  }
}
