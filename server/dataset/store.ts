import {
  type AnyCollection,
  COLLECTIONS,
  type Collections,
  type DatasetOf,
  type DatasetRecord,
} from '../../src/catalogue'
import type { ViewAnswer, ViewQuery, ViewSource } from '../catalogue/views'
import { loadDatasetOf } from './load'
import { MemoryViews } from './memory-views'
import { FieldIndex } from './search'

/** A filter ready to apply: the record field and the trimmed, case-folded, non-empty value. */
export interface AppliedFilter {
  field: string
  foldedValue: string
}

/** One collection held in memory: records sorted by id, found by id, filtered through prepared fields. */
export class CollectionStore implements ViewSource {
  readonly records: readonly DatasetRecord[]
  private readonly byId: Map<number, DatasetRecord>
  private readonly fields: Map<string, FieldIndex>
  private views: MemoryViews | null = null

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

  async answerView(query: ViewQuery): Promise<ViewAnswer> {
    if (!this.views) throw new Error(`The views of ${this.collection.name} were not prepared.`)
    return this.views.answer(this.filter(query.filters), query)
  }

  /** Positions (in id order) of the records every filter matches; null when there is no filter (all match). */
  filter(filters: readonly AppliedFilter[]): Int32Array | null {
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
export interface CatalogueStore {
  readonly collections: readonly CollectionStore[]
}

/** Indexes the catalogue's dataset. */
export function createStore(dataset: DatasetOf<Collections>): CatalogueStore {
  return createStoreOf(dataset, COLLECTIONS)
}

/** Indexes a dataset of the given collections (each collection's records are found by its name). */
export function createStoreOf<const Cs extends readonly AnyCollection[]>(
  dataset: DatasetOf<Cs>,
  collections: Cs,
): CatalogueStore {
  const records: { readonly [name: string]: readonly DatasetRecord[] } = dataset
  return {
    collections: collections.map(
      (collection) => new CollectionStore(collection, records[collection.name] ?? []),
    ),
  }
}

/** Reads, validates and indexes a dataset file (throws DatasetError with one clear message). */
export function loadStore(path: string): CatalogueStore {
  return createStore(loadDatasetOf(path, COLLECTIONS))
}
