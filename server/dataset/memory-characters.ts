import type { DatasetRecord } from '../../src/catalogue'
import {
  type CharacterIndex,
  countsOf,
  indexCharacters,
  indexCharactersInTurns,
  linksOf,
  type RecordLookup,
  relatedRecords,
  selectCharacters,
} from '../../src/catalogue/characters/character-index'
import type { CharacterListRequest } from '../../src/catalogue/characters/parameters'
import { countInBins } from '../../src/catalogue/count-bins'
import type {
  CharacterLinks,
  CharacterListAnswer,
  CharacterSource,
  RelatedPage,
} from '../catalogue/characters'
import type { CollectionStore } from './store'

/**
 * The memory store's characters (contract §13): the one derivation of characters over the records it holds,
 * made with them (the records themselves are the stores', found by id).
 */
export class MemoryCharacters implements CharacterSource {
  private constructor(private readonly index: CharacterIndex<DatasetRecord>) {}

  /** Made in one go (at start, before the service listens). */
  static of(stores: readonly CollectionStore[]): MemoryCharacters {
    return new MemoryCharacters(indexCharacters(...derived(stores)))
  }

  /** Made a slice at a time, requests answered between slices (a reload, contract §11). */
  static async inTurns(stores: readonly CollectionStore[]): Promise<MemoryCharacters> {
    return new MemoryCharacters(await indexCharactersInTurns(...derived(stores)))
  }

  async list(request: CharacterListRequest, start: number, end: number): Promise<CharacterListAnswer> {
    const { index } = this
    const { ids, perSeason } = selectCharacters(index, request.selection)
    const bins: CharacterListAnswer['bins'] = {}
    for (const name of request.bins) {
      const byCharacter = index.linkedBy.get(name)
      bins[name] = countInBins(ids.map((id) => byCharacter?.get(id)?.length ?? 0))
    }
    return {
      count: ids.length,
      rows: ids.slice(start, end).map((id) => ({ id, counts: countsOf(index, id) })),
      seasons: request.seasonFacet
        ? index.allSeasons.map((season) => [season, perSeason.get(season) ?? 0])
        : null,
      bins,
      counted: true,
    }
  }

  async characters(ids: readonly number[]): Promise<CharacterLinks[]> {
    return ids
      .filter((id) => this.index.address.has(id))
      .map((id) => ({ id, links: linksOf(this.index, id) }))
  }

  async related(
    collection: string,
    id: number,
    other: string,
    start: number,
    end: number,
  ): Promise<RelatedPage | null> {
    const related = relatedRecords(this.index, collection, id)
    if (!related) return null
    const items = related.find((each) => each.collection === other)?.items ?? []
    return {
      count: items.length,
      items: items.slice(start, end).map(({ record, count }) => ({ record, shared: count })),
    }
  }
}

/** What the derivation reads of the stores: their records, their collections, and the stores as lookups. */
function derived(stores: readonly CollectionStore[]) {
  const records = new Map(stores.map((store) => [store.collection.name, store.records]))
  const lookups = new Map<string, RecordLookup<DatasetRecord>>(
    stores.map((store) => [store.collection.name, store]),
  )
  return [records, stores.map((store) => store.collection), lookups] as const
}
