import {
  type ApiRecord,
  COLLECTIONS,
  characterIdFromUrl,
  PAGE_SIZE,
  pageCount,
  parseAirDate,
  parseEpisodeCode,
} from '../../catalogue'
import { characterListPath } from '../../lib/character-path'
import {
  type CharacterDetail,
  type CharacterKind,
  type CharacterListPage,
  type CharacterListQuery,
  type CharacterReply,
  type CharacterRequest,
  characterName,
  type RelatedRecords,
} from '../protocol/characters'

/*
 * Characters, derived from the catalogue: the specification has no character endpoint, but every collection's
 * character-link field (locations' `residents`, episodes' `characters`) names characters by address. Pure: the
 * index worker builds this once per version of the index and answers the character pages from it.
 */

/** What the derivation reads of a collection: its name and its character-link field. */
export type LinkingCollection = { name: string; characterLinks: { field: string } }

export interface CharacterIndex {
  /** Every character named anywhere, ascending. */
  ids: number[]
  /** A character's first address as the catalogue writes it. */
  address: Map<number, string>
  /** Per collection: character id → the ids of the records naming it (ascending, each once). */
  linkedBy: Map<string, Map<number, number[]>>
  /** Per collection: record id → the distinct characters it names, in its order. */
  charactersOf: Map<string, Map<number, number[]>>
  records: Map<string, Map<number, ApiRecord>>
  /** Character id → the seasons of the episodes it appears in. */
  seasons: Map<number, Set<number>>
  /** Every season of the catalogue's episodes, ascending. */
  allSeasons: number[]
}

/** A record's fields by name (every record is an object of fields). */
const fieldsOf = (record: ApiRecord): Record<string, unknown> => record

/** The season of a record whose `episode` field is an episode code such as `S02E03`, or null. */
export function seasonOf(record: ApiRecord): number | null {
  const code = fieldsOf(record).episode
  return typeof code === 'string' ? (parseEpisodeCode(code)?.season ?? null) : null
}

/**
 * Air order: by air date (records without one last), then episode code, then id; records of a collection
 * without air dates simply keep id order.
 */
export function airOrder(a: ApiRecord, b: ApiRecord): number {
  const date = (record: ApiRecord) => {
    const text = fieldsOf(record).air_date
    return typeof text === 'string' ? (parseAirDate(text)?.getTime() ?? Infinity) : Infinity
  }
  const code = (record: ApiRecord) => String(fieldsOf(record).episode ?? '')
  return date(a) - date(b) || code(a).localeCompare(code(b)) || a.id - b.id || 0
}

export function indexCharacters(
  catalogue: ReadonlyMap<string, readonly ApiRecord[]>,
  collections: readonly LinkingCollection[] = COLLECTIONS,
): CharacterIndex {
  const address = new Map<number, string>()
  const linkedBy = new Map<string, Map<number, number[]>>()
  const charactersOf = new Map<string, Map<number, number[]>>()
  const records = new Map<string, Map<number, ApiRecord>>()
  const seasons = new Map<number, Set<number>>()
  const allSeasons = new Set<number>()
  for (const collection of collections) {
    const byCharacter = new Map<number, number[]>()
    const byRecord = new Map<number, number[]>()
    const byId = new Map<number, ApiRecord>()
    const sorted = [...(catalogue.get(collection.name) ?? [])].sort((a, b) => a.id - b.id)
    for (const record of sorted) {
      byId.set(record.id, record)
      const season = seasonOf(record)
      if (season !== null) allSeasons.add(season)
      const links = fieldsOf(record)[collection.characterLinks.field]
      const named: number[] = []
      for (const url of Array.isArray(links) ? links : []) {
        const id = typeof url === 'string' ? characterIdFromUrl(url) : null
        if (id === null || named.includes(id)) continue
        named.push(id)
        if (!address.has(id)) address.set(id, url)
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
    records.set(collection.name, byId)
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
function countsOf(index: CharacterIndex, id: number): Record<string, number> {
  return Object.fromEntries(
    [...index.linkedBy].map(([collection, byCharacter]) => [collection, byCharacter.get(id)?.length ?? 0]),
  )
}

/**
 * One page of the characters, of those appearing in `season` when given and within the ranges of their
 * counts, by number or sorted by a count (ties by number); beyond the last, no rows. Each season is counted
 * over the characters within the ranges (the season's choice aside).
 */
export function characterListPage(index: CharacterIndex, query: CharacterListQuery): CharacterListPage {
  const { page, season, sort = null, ranges = {} } = query
  const counts = new Map(index.ids.map((id) => [id, countsOf(index, id)]))
  const bounded = Object.entries(ranges).filter(([, bounds]) => bounds.from !== null || bounds.to !== null)
  const inRanges = index.ids.filter((id) =>
    bounded.every(([collection, { from, to }]) => {
      const count = counts.get(id)?.[collection] ?? 0
      return (from === null || count >= from) && (to === null || count <= to)
    }),
  )
  const perSeason = new Map<number, number>()
  for (const id of inRanges)
    for (const each of index.seasons.get(id) ?? []) perSeason.set(each, (perSeason.get(each) ?? 0) + 1)
  const matching =
    season === null ? inRanges : inRanges.filter((id) => index.seasons.get(id)?.has(season) ?? false)
  const value = (id: number) => (sort && sort.field !== 'id' ? (counts.get(id)?.[sort.field] ?? 0) : id)
  const ordered = sort
    ? [...matching].sort((a, b) => (sort.descending ? value(b) - value(a) : value(a) - value(b)) || a - b)
    : matching
  const pages = pageCount(ordered.length)
  const results = ordered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((id) => ({
    id,
    name: characterName(id),
    counts: counts.get(id) ?? {},
  }))
  return {
    info: {
      count: ordered.length,
      pages,
      next: page < pages ? characterListPath({ page: page + 1, season }) : null,
      prev: page > 1 && pages > 0 ? characterListPath({ page: Math.min(page - 1, pages), season }) : null,
    },
    results,
    seasons: index.allSeasons,
    seasonCounts: Object.fromEntries(index.allSeasons.map((each) => [each, perSeason.get(each) ?? 0])),
  }
}

/** A character and every record naming it, or null when no record names it. */
export function characterDetail(index: CharacterIndex, id: number): CharacterDetail | null {
  const address = index.address.get(id)
  if (address === undefined) return null
  return {
    id,
    name: characterName(id),
    address,
    links: [...index.linkedBy].map(([collection, byCharacter]) => {
      const byId = index.records.get(collection)
      const records = (byCharacter.get(id) ?? []).flatMap((recordId) => {
        const record = byId?.get(recordId)
        return record ? [record] : []
      })
      return { collection, records: records.sort(airOrder) }
    }),
  }
}

/**
 * For a record: per other collection, the records naming any of its characters, most shared first (then in
 * air order, or by id). Null when the collection has no such record.
 */
export function relatedRecords(
  index: CharacterIndex,
  collection: string,
  id: number,
): RelatedRecords[] | null {
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

const replies: {
  [K in CharacterKind]: (index: CharacterIndex, request: CharacterRequest<K>) => CharacterReply
} = {
  list: (index, { kind: _, ...query }) => ({ kind: 'list', answer: characterListPage(index, query) }),
  one: (index, { id }) => ({ kind: 'one', answer: characterDetail(index, id) }),
  many: (index, { ids }) => ({ kind: 'many', answer: ids.flatMap((id) => characterDetail(index, id) ?? []) }),
  related: (index, { collection, id }) => ({
    kind: 'related',
    answer: relatedRecords(index, collection, id),
  }),
}

/** The answer to a character request from the derived index. */
export function answerCharacters<K extends CharacterKind>(
  index: CharacterIndex,
  request: CharacterRequest<K>,
): CharacterReply {
  const reply: (index: CharacterIndex, request: CharacterRequest<K>) => CharacterReply = replies[request.kind]
  return reply(index, request)
}
