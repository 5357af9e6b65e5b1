import {
  type AnyCollection,
  COLLECTIONS,
  type Collections,
  type DatasetOf,
  type DatasetRecord,
} from '../../src/catalogue'
import type { ListView } from '../../src/catalogue/views/view'
import type {
  CatalogueContent,
  CollectionSource,
  FoldedFilter,
  Matches,
  ViewAnswer,
  ViewQuery,
} from '../catalogue/source'
import { FieldIndex } from './filter-index'
import { contentVersionOf, loadDatasetFileOf } from './load'
import { MemoryCharacters } from './memory-characters'
import { MemorySearch } from './memory-search'
import { MemoryViews } from './memory-views'

export type { FoldedFilter } from '../catalogue/source'

/** One collection held in memory: records sorted by id, found by id, filtered through prepared fields. */
export class CollectionStore implements CollectionSource {
  readonly records: readonly DatasetRecord[]
  private readonly byId: Map<number, DatasetRecord>
  private readonly fields: Map<string, FieldIndex>
  private views: MemoryViews | null = null
  /** The catalogue's search, once made: `_search` reads its order of relevance (contract §13). */
  private search: MemorySearch | null = null

  constructor(
    readonly collection: AnyCollection,
    records: readonly DatasetRecord[],
  ) {
    this.records = [...records].sort((a, b) => a.id - b.id)
    this.byId = new Map(this.records.map((record) => [record.id, record]))
    this.fields = new Map(
      collection.filters.map((field) => [
        field,
        new FieldIndex(this.records.map((record) => collection.filterText(record, field))),
      ]),
    )
  }

  get(id: number): DatasetRecord | undefined {
    return this.byId.get(id)
  }

  /**
   * Makes what views read (contract §12: each column's order, facets, ranges), when the dataset is loaded or
   * reloaded: a service that answers views calls it before serving this store, so no request ever waits for it.
   */
  prepareViews(): void {
    this.views ??= new MemoryViews(this.records, this.collection)
  }

  /** Answers `_search` from the catalogue's search (made with the dataset). */
  searchedBy(search: MemorySearch): void {
    this.search = search
  }

  /**
   * The positions among `base` (null: every record) that `text` finds, in its order of relevance; `base` itself
   * without a search.
   */
  private searched(base: Int32Array | null, text: string | null | undefined): Int32Array | null {
    if (text === null || text === undefined) return base
    if (!this.search) throw new Error(`The search of ${this.collection.name} was not made.`)
    const found = this.search.positionsOf(this.collection.name, text)
    if (base === null) return found
    const kept = new Uint8Array(this.records.length)
    for (const position of base) kept[position] = 1
    return found.filter((position) => kept[position] === 1)
  }

  get answersViews(): boolean {
    return this.views !== null
  }

  async answerView(query: ViewQuery): Promise<ViewAnswer> {
    if (!this.views) throw new Error(`The views of ${this.collection.name} were not prepared.`)
    return this.views.answer(this.searched(this.filter(query.filters), query.search), query)
  }

  async streamOrder(
    filters: readonly FoldedFilter[],
    view: ListView | null,
    search: string | null = null,
  ): Promise<Int32Array | null> {
    const matching = this.searched(this.filter(filters), search)
    if (view === null) return matching
    if (!this.views) throw new Error(`The views of ${this.collection.name} were not prepared.`)
    return this.views.order(matching, view)
  }

  async positionAfter(id: number): Promise<number> {
    let low = 0
    let high = this.records.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.records[middle] as DatasetRecord).id <= id) low = middle + 1
      else high = middle
    }
    return low
  }

  get count(): number {
    return this.records.length
  }

  async slice(start: number, end: number): Promise<DatasetRecord[]> {
    return this.records.slice(start, end)
  }

  async atPositions(positions: Int32Array): Promise<DatasetRecord[]> {
    return Array.from(positions, (position) => this.records[position] as DatasetRecord)
  }

  async withIds(ids: readonly number[]): Promise<DatasetRecord[]> {
    const found: DatasetRecord[] = []
    for (const id of ids) {
      const record = this.byId.get(id)
      if (record) found.push(record)
    }
    return found
  }

  async match(filters: readonly FoldedFilter[], start: number, end: number): Promise<Matches> {
    const positions = this.filter(filters) ?? Int32Array.from(this.records.keys())
    return { positions, records: await this.atPositions(positions.subarray(start, end)) }
  }

  /** Positions (in id order) of the records every filter matches; null when there is no filter (all match). */
  filter(filters: readonly FoldedFilter[]): Int32Array | null {
    const size = this.records.length
    if (filters.length === 0) return null
    let positions: Int32Array | null = null
    for (const { field, foldedValue } of filters) {
      const index = this.fields.get(field)
      if (!index) throw new Error(`${field} is not a filter field`)
      positions = keepMatching(positions, size, index.valueOfRecord, index.matchingValues(foldedValue))
    }
    return positions
  }
}

/** The positions among `candidates` (all positions below `size` when null) whose value is marked. */
function keepMatching(
  candidates: Int32Array | null,
  size: number,
  valueOfRecord: Int32Array,
  matching: Uint8Array,
): Int32Array {
  const kept = new Int32Array(candidates ? candidates.length : size)
  let found = 0
  if (candidates === null) {
    for (let position = 0; position < size; position++) {
      if (matching[valueOfRecord[position] as number] === 1) kept[found++] = position
    }
  } else {
    for (const position of candidates) {
      if (matching[valueOfRecord[position] as number] === 1) kept[found++] = position
    }
  }
  return kept.slice(0, found)
}

/** The catalogue held in memory: one store per collection, in the order the collections were given. */
export interface CatalogueStore extends CatalogueContent {
  readonly collections: readonly CollectionStore[]
  /** Makes its search and characters a slice at a time (a reload makes them before the catalogue is served). */
  prepareExtensionsInTurns(): Promise<void>
}

/** Indexes the catalogue's dataset (its content version: see createStoreOf). */
export function createStore(dataset: DatasetOf<Collections>, contentVersion?: string): CatalogueStore {
  return createStoreOf(dataset, COLLECTIONS, contentVersion)
}

/**
 * Indexes a dataset of the given collections (each collection's records are found by its name). Its content
 * version is the dataset file's (`loadStore`), or else a hash of the dataset written as JSON.
 */
export function createStoreOf<const Cs extends readonly AnyCollection[]>(
  dataset: DatasetOf<Cs>,
  collections: Cs,
  contentVersion?: string,
): CatalogueStore {
  const records: { readonly [name: string]: readonly DatasetRecord[] } = dataset
  const stores = collections.map(
    (collection) => new CollectionStore(collection, records[collection.name] ?? []),
  )
  let search: MemorySearch | null = null
  let characters: MemoryCharacters | null = null
  return {
    collections: stores,
    contentVersion: contentVersion ?? contentVersionOf(JSON.stringify(dataset)),
    get search() {
      return search
    },
    get characters() {
      return characters
    },
    prepareExtensions() {
      search ??= MemorySearch.of(stores)
      characters ??= MemoryCharacters.of(stores)
      for (const store of stores) store.searchedBy(search)
    },
    async prepareExtensionsInTurns() {
      const madeSearch = await MemorySearch.inTurns(stores)
      const madeCharacters = await MemoryCharacters.inTurns(stores)
      search ??= madeSearch
      characters ??= madeCharacters
      for (const store of stores) store.searchedBy(search)
    },
  }
}

/** Reads, validates and indexes a dataset file (throws DatasetError with one clear message). */
export function loadStore(path: string, maxBytes?: number): CatalogueStore {
  const { dataset, contentVersion } = loadDatasetFileOf(path, COLLECTIONS, maxBytes)
  return createStore(dataset, contentVersion)
}
