import { type ApiRecord, COLLECTIONS, PAGE_SIZE, pageCount } from '../../catalogue'
import {
  type CharacterIndex,
  countsOf,
  indexCharacters as indexOf,
  type LinkingCollection,
  linksOf,
  relatedRecords,
  selectCharacters,
} from '../../catalogue/characters/character-index'
import { characterListPath } from '../../lib/character-path'
import {
  type CharacterDetail,
  type CharacterKind,
  type CharacterListPage,
  type CharacterListQuery,
  type CharacterReply,
  type CharacterRequest,
  characterName,
} from '../protocol/characters'

/*
 * The character pages as the index worker answers them, from the one derivation of characters
 * (`src/catalogue/characters/`) built from the records the API shows.
 */

export type ApiCharacterIndex = CharacterIndex<ApiRecord>

export function indexCharacters(
  catalogue: ReadonlyMap<string, readonly ApiRecord[]>,
  collections: readonly LinkingCollection[] = COLLECTIONS,
): ApiCharacterIndex {
  return indexOf(catalogue, collections)
}

/**
 * One page of the characters, of those appearing in `season` when given and within the ranges of their
 * counts, by number or sorted by a count (ties by number); beyond the last, no rows. Each season is counted
 * over the characters within the ranges (the season's choice aside).
 */
export function characterListPage(index: ApiCharacterIndex, query: CharacterListQuery): CharacterListPage {
  const { page, season } = query
  const { ids, perSeason } = selectCharacters(index, query)
  const pages = pageCount(ids.length)
  const results = ids.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((id) => ({
    id,
    name: characterName(id),
    counts: countsOf(index, id),
  }))
  return {
    info: {
      count: ids.length,
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
export function characterDetail(index: ApiCharacterIndex, id: number): CharacterDetail | null {
  const address = index.address.get(id)
  if (typeof address !== 'string') return null
  return { id, name: characterName(id), address, links: linksOf(index, id) }
}

const replies: {
  [K in CharacterKind]: (index: ApiCharacterIndex, request: CharacterRequest<K>) => CharacterReply
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
  index: ApiCharacterIndex,
  request: CharacterRequest<K>,
): CharacterReply {
  const reply: (index: ApiCharacterIndex, request: CharacterRequest<K>) => CharacterReply =
    replies[request.kind]
  return reply(index, request)
}
