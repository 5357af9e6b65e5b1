import type { AnyCollection, DatasetRecord } from '../../src/catalogue'

/** A filter ready to apply: the record field and the trimmed, case-folded (`foldCase`), non-empty value. */
export interface AppliedFilter {
  field: string
  foldedValue: string
}

/** The records a filter matches: their positions in id order, and the records of the page asked for. */
export interface Matches {
  /** Positions (0 for the lowest id) of every matching record, ascending. */
  positions: Int32Array
  /** The records at `positions[start]` up to `positions[end - 1]`, in id order. */
  records: DatasetRecord[]
}

/**
 * One collection of one version of the catalogue, as the catalogue's answers read it: in memory (the dataset
 * file) or in PostgreSQL. Every record has a position, its place in id order (0 for the lowest id), so pages
 * of the whole list are ranges of positions and a filter's result is a list of positions. Whatever the store,
 * the records come back as the dataset file holds them and are rendered by the collection's `toRecord`.
 */
export interface CollectionSource {
  readonly collection: AnyCollection
  /** The records in the collection (stored: never counted per request). */
  readonly count: number
  /** The records at positions `start` up to `end - 1`, in id order. */
  slice(start: number, end: number): Promise<DatasetRecord[]>
  /** The records at these positions (ascending), in id order. */
  atPositions(positions: Int32Array): Promise<DatasetRecord[]>
  /** The records with these ids (ascending, each once) that exist, in id order. */
  withIds(ids: readonly number[]): Promise<DatasetRecord[]>
  /**
   * The records every filter matches (at least one filter): all their positions, and the records of
   * `positions[start]` up to `positions[end - 1]` (none when `start` is past the last).
   */
  match(filters: readonly AppliedFilter[], start: number, end: number): Promise<Matches>
}

/** One version of the catalogue: a source per collection, in the order of the collections served. */
export interface CatalogueContent {
  readonly collections: readonly CollectionSource[]
}
