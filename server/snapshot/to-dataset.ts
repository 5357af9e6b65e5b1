import type { Episode, Location } from '../../src/catalogue'
import type { DatasetEpisode, DatasetLocation } from '../dataset/schema'

/** A record the dataset file cannot hold; the message names the record and the address. */
export class SnapshotError extends Error {
  override name = 'SnapshotError'
}

/**
 * The character id at the end of an address (`…/v1/characters/42` and `…/characters/42/` give 42): the last
 * path segment, plain digits, at least 1.
 */
export function characterIdOf(address: string): number | null {
  if (!URL.canParse(address)) return null
  const segments = new URL(address).pathname.split('/').filter((segment) => segment !== '')
  const last = segments.at(-1) ?? ''
  if (!/^[0-9]{1,15}$/.test(last)) return null
  const id = Number(last)
  return id >= 1 ? id : null
}

function characterIds(addresses: readonly string[], record: string, field: string): number[] {
  return addresses.map((address) => {
    const id = characterIdOf(address)
    if (id === null) {
      throw new SnapshotError(
        `${record} has an address in "${field}" whose last path segment is not a character id: ${JSON.stringify(address)}.`,
      )
    }
    return id
  })
}

export function locationRecord(location: Location): DatasetLocation {
  return {
    id: location.id,
    name: location.name,
    type: location.type,
    dimension: location.dimension,
    residents: characterIds(location.residents, `Location ${location.id}`, 'residents'),
    created: location.created,
  }
}

export function episodeRecord(episode: Episode): DatasetEpisode {
  return {
    id: episode.id,
    name: episode.name,
    air_date: episode.air_date,
    episode: episode.episode,
    characters: characterIds(episode.characters, `Episode ${episode.id}`, 'characters'),
    created: episode.created,
  }
}
