import { parseAirDate } from '../air-date.ts'
import { parseEpisodeCode } from '../episode-code.ts'
import { finish, finishInTurns } from '../in-steps.ts'
import { characterIdFromUrl } from '../records.ts'

/*
 * Characters, derived from the catalogue (contract §13): every collection's character-link field (locations'
 * `residents`, episodes' `characters`) names characters. Pure, and the one derivation of them: the index
 * worker builds it from the records the API shows (links are addresses), the service's memory store from the
 * dataset's records (links are numbers), and both answer from it.
 */

/** What the derivation reads of a collection: its name and its character-link field. */
export type LinkingCollection = { name: string; characterLinks: { field: string } }

/** A record as the derivation reads it: an id, and fields read by name. */
export type LinkedRecord = { readonly id: number }

/** A collection's records by id (a Map, or a store's own lookup). */
export type RecordLookup<R> = { get(id: number): R | undefined }

/** The character a link names, or null: an address (`…/characters/42`) or, in a dataset file, a number. */
export function linkedCharacter(link: unknown): number | null {
  if (typeof link === 'string') return characterIdFromUrl(link)
  return typeof link === 'number' && Number.isSafeInteger(link) && link >= 1 ? link : null
}

export interface CharacterIndex<R extends LinkedRecord = LinkedRecord> {
  /** Every character named anywhere, ascending. */
  ids: number[]
  /** A character's first link as the catalogue writes it. */
  address: Map<number, unknown>
  /** Per collection: character id → the ids of the records naming it (ascending, each once). */
  linkedBy: Map<string, Map<number, number[]>>
  /** Per collection: record id → the distinct characters it names, in its order. */
  charactersOf: Map<string, Map<number, number[]>>
  /** Per collection: its records by id. */
  records: Map<string, RecordLookup<R>>
  /** Character id → the seasons of the episodes it appears in. */
  seasons: Map<number, Set<number>>
  /** Every season of the catalogue's episodes, ascending. */
  allSeasons: number[]
}

/** A record's fields by name (every record is an object of fields). */
const fieldsOf = (record: LinkedRecord): Record<string, unknown> => record

/** The season of a record whose `episode` field is an episode code such as `S02E03`, or null. */
export function seasonOf(record: LinkedRecord): number | null {
  const code = fieldsOf(record).episode
  return typeof code === 'string' ? (parseEpisodeCode(code)?.season ?? null) : null
}

/**
 * Air order: by air date (records without one last), then episode code, then id; records of a collection
 * without air dates simply keep id order.
 */
export function airOrder(a: LinkedRecord, b: LinkedRecord): number {
  const date = (record: LinkedRecord) => {
    const text = fieldsOf(record).air_date
    return typeof text === 'string' ? (parseAirDate(text)?.getTime() ?? Infinity) : Infinity
  }
  const code = (record: LinkedRecord) => String(fieldsOf(record).episode ?? '')
  return date(a) - date(b) || code(a).localeCompare(code(b)) || a.id - b.id || 0
}

/**
 * The characters of a catalogue, derived at once. `records`: each collection's records by id, when a store
 * has them already (else kept in Maps).
 */
export function indexCharacters<R extends LinkedRecord>(
  catalogue: ReadonlyMap<string, readonly R[]>,
  collections: readonly LinkingCollection[],
  records?: Map<string, RecordLookup<R>>,
): CharacterIndex<R> {
  return finish(characterSteps(catalogue, collections, records))
}

/** The same, a slice at a time, other work running between slices (a reload, contract §11). */
export function indexCharactersInTurns<R extends LinkedRecord>(
  catalogue: ReadonlyMap<string, readonly R[]>,
  collections: readonly LinkingCollection[],
  records?: Map<string, RecordLookup<R>>,
): Promise<CharacterIndex<R>> {
  return finishInTurns(characterSteps(catalogue, collections, records))
}

/** Records read between two yields of a build in steps: a few milliseconds of work. */
const STEP_RECORDS = 10_000

function* characterSteps<R extends LinkedRecord>(
  catalogue: ReadonlyMap<string, readonly R[]>,
  collections: readonly LinkingCollection[],
  given?: Map<string, RecordLookup<R>>,
): Generator<void, CharacterIndex<R>> {
  const address = new Map<number, unknown>()
  const linkedBy = new Map<string, Map<number, number[]>>()
  const charactersOf = new Map<string, Map<number, number[]>>()
  const records = given ?? new Map<string, Map<number, R>>()
  const seasons = new Map<number, Set<number>>()
  const allSeasons = new Set<number>()
  for (const collection of collections) {
    const byCharacter = new Map<number, number[]>()
    const byRecord = new Map<number, number[]>()
    const byId = new Map<number, R>()
    const held = catalogue.get(collection.name) ?? []
    const sorted = held.every((record, at) => at === 0 || (held[at - 1] as R).id < record.id)
      ? held
      : [...held].sort((a, b) => a.id - b.id)
    for (const [position, record] of sorted.entries()) {
      if (position % STEP_RECORDS === STEP_RECORDS - 1) yield
      if (!given) byId.set(record.id, record)
      const season = seasonOf(record)
      if (season !== null) allSeasons.add(season)
      const links = fieldsOf(record)[collection.characterLinks.field]
      const named: number[] = []
      for (const link of Array.isArray(links) ? links : []) {
        const id = linkedCharacter(link)
        if (id === null || named.includes(id)) continue
        named.push(id)
        if (!address.has(id)) address.set(id, link)
        const list = byCharacter.get(id)
        if (list) list.push(record.id)
        else byCharacter.set(id, [record.id])
        if (season !== null) {
          const set = seasons.get(id) ?? new Set<number>()
          set.add(season)
          seasons.set(id, set)
        }
      }
      byRecord.set(record.id, named)
    }
    linkedBy.set(collection.name, byCharacter)
    charactersOf.set(collection.name, byRecord)
    if (!given) records.set(collection.name, byId)
  }
  return {
    ids: [...address.keys()].sort((a, b) => a - b),
    address,
    linkedBy,
    charactersOf,
    records,
    seasons,
    allSeasons: [...allSeasons].sort((a, b) => a - b),
  }
}

/** How many records of each collection name a character. */
export function countsOf(index: CharacterIndex, id: number): Record<string, number> {
  return Object.fromEntries(
    [...index.linkedBy].map(([collection, byCharacter]) => [collection, byCharacter.get(id)?.length ?? 0]),
  )
}

/** A range of a count: from and to, both included; null is an open end. */
export type CountBounds = { from: number | null; to: number | null }

/**
 * Which characters a list shows: all of them, or those appearing in one season; sorted by the character's
 * number or by how many records of a collection name it (ties by number); ranges on those counts.
 */
export interface CharacterSelection {
  season: number | null
  sort?: { field: string; descending: boolean } | null
  /** Collection name → the bounds of its count. */
  ranges?: { readonly [collection: string]: CountBounds }
}

/** The characters a selection holds, in its order, and each season's count over those within the ranges. */
export interface SelectedCharacters {
  ids: number[]
  /** Season → how many characters within the ranges appear in it (the season's choice aside). */
  perSeason: Map<number, number>
}

export function selectCharacters(index: CharacterIndex, selection: CharacterSelection): SelectedCharacters {
  const { season, sort = null, ranges = {} } = selection
  const bounded = Object.entries(ranges).filter(([, bounds]) => bounds.from !== null || bounds.to !== null)
  const countOf = (id: number, collection: string) => index.linkedBy.get(collection)?.get(id)?.length ?? 0
  const inRanges = index.ids.filter((id) =>
    bounded.every(([collection, { from, to }]) => {
      const count = countOf(id, collection)
      return (from === null || count >= from) && (to === null || count <= to)
    }),
  )
  const perSeason = new Map<number, number>()
  for (const id of inRanges)
    for (const each of index.seasons.get(id) ?? []) perSeason.set(each, (perSeason.get(each) ?? 0) + 1)
  const matching =
    season === null ? inRanges : inRanges.filter((id) => index.seasons.get(id)?.has(season) ?? false)
  if (!sort || sort.field === 'id')
    return { ids: sort?.descending ? matching.reverse() : matching, perSeason }
  const value = (id: number) => countOf(id, sort.field)
  const ids = [...matching].sort(
    (a, b) => (sort.descending ? value(b) - value(a) : value(a) - value(b)) || a - b,
  )
  return { ids, perSeason }
}

/** Per collection, in the catalogue's order: the records naming a character (episodes in air order). */
export function linksOf<R extends LinkedRecord>(
  index: CharacterIndex<R>,
  id: number,
): { collection: string; records: R[] }[] {
  return [...index.linkedBy].map(([collection, byCharacter]) => {
    const byId = index.records.get(collection)
    const records = (byCharacter.get(id) ?? []).flatMap((recordId) => {
      const record = byId?.get(recordId)
      return record ? [record] : []
    })
    return { collection, records: records.sort(airOrder) }
  })
}

/** Records of another collection that name some of a record's characters, with how many of them each names. */
export interface Related<R> {
  collection: string
  items: { record: R; count: number }[]
}

/**
 * For a record: per other collection, the records naming any of its characters, most shared first (then in
 * air order, or by id). Null when the collection has no such record.
 */
export function relatedRecords<R extends LinkedRecord>(
  index: CharacterIndex<R>,
  collection: string,
  id: number,
): Related<R>[] | null {
  const characters = index.charactersOf.get(collection)?.get(id)
  if (!characters) return null
  return [...index.linkedBy]
    .filter(([other]) => other !== collection)
    .map(([other, byCharacter]) => {
      const counts = new Map<number, number>()
      for (const character of characters) {
        for (const recordId of byCharacter.get(character) ?? [])
          counts.set(recordId, (counts.get(recordId) ?? 0) + 1)
      }
      const byId = index.records.get(other)
      const items = [...counts].flatMap(([recordId, count]) => {
        const record = byId?.get(recordId)
        return record ? [{ record, count }] : []
      })
      items.sort((a, b) => b.count - a.count || airOrder(a.record, b.record))
      return { collection: other, items }
    })
}
