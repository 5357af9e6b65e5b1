import type { AnyCollection, DatasetRecord } from '../../src/catalogue'
import type { CountBin } from '../../src/catalogue/count-bins'
import type { ChartFacets } from '../../src/catalogue/views/parameters'
import type { FacetCounts, ListView } from '../../src/catalogue/views/view'
import type { CharacterSource } from './characters'
import type { SearchSource } from './search'

/**
 * A filter as a store applies it: the record field and the trimmed, case-folded (`foldCase`), non-empty value
 * (the contract's `AppliedFilter` is the same filter as the client wrote it).
 */
export interface FoldedFilter {
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
  match(filters: readonly FoldedFilter[], start: number, end: number): Promise<Matches>
  /**
   * Makes now whatever its views read (contract §12), before the source is served: called when a catalogue is
   * loaded or reloaded by a service that answers views, never while a request waits. (A database's indexes
   * are made by its loader: nothing to do then.)
   */
  prepareViews(): void
  /**
   * Whether it answers views: prepared (in memory), or loaded with its views table (in PostgreSQL, by a loader
   * of schema version 2 or later). A source that does not answers a view's request as the plain list, without
   * the echo, as a service that does not know views would.
   */
  readonly answersViews: boolean
  /** A page of a view of the collection, with the facets' counts (see ViewQuery). */
  answerView(query: ViewQuery): Promise<ViewAnswer>
  /**
   * The positions of a list's records in its order, for a stream (contract §12): those every filter matches,
   * in the view's order (id order without a view); null for every record in id order (no filter, no view).
   */
  streamOrder(
    filters: readonly FoldedFilter[],
    view: ListView | null,
    search?: string | null,
  ): Promise<Int32Array | null>
  /** The position of the first record whose id is greater than `id` (`count` when there is none). */
  positionAfter(id: number): Promise<number>
}

/** A view as a store answers it: the filters, the view, the facets to count, and the page's range. */
export interface ViewQuery {
  filters: readonly FoldedFilter[]
  /** `_search` (contract §13): only the records it finds, in its order of relevance; null: no search. */
  search: string | null
  view: ListView
  /** The facets whose values to count (by name). */
  count: readonly string[]
  /** The page: the records from the `start`th of the view to the one before the `end`th. */
  start: number
  end: number
  /** Counting that takes longer stops, and the answer says `counted: false`; the rows never wait for it. */
  facetTimeLimitMs: number
  /** The insights' facets to count over the view's records (contract §13), if any. */
  charted?: ChartFacets
}

/** The insights' facets of a view, counted: each count column's bins, each date column's periods. */
export interface ChartCounts {
  /** Count column → its bins, in order (`countBins`: residents counted as distinct numbers). */
  bins: Record<string, { bin: CountBin; count: number }[]>
  /** Date column → each UTC period (`2013`, `2013-12`) with its records, ascending; `''` (no date) last. */
  dates: Record<string, [period: string, count: number][]>
}

/** A store's answer to a view. */
export interface ViewAnswer {
  /** How many records the view holds (exact). */
  count: number
  /** The page's records, in the view's order. */
  records: DatasetRecord[]
  /** The facets counted within the time limit, each with its values under every other choice. */
  facets: FacetCounts[]
  /** False when counting ran out of time for one of the facets asked (it is then absent from `facets`). */
  counted: boolean
  /** The insights' facets asked for, when counted in time. */
  charts?: ChartCounts
}

/** One version of the catalogue: a source per collection, in the order of the collections served. */
export interface CatalogueContent {
  readonly collections: readonly CollectionSource[]
  /**
   * What the catalogue holds, named: the same content always has the same name, other content another (a hash
   * of a dataset file; a database's catalogue version), so that two services, or two starts of one service,
   * on different catalogues never name their answers alike. A stream's ETag is made from it before any
   * record is read.
   */
  readonly contentVersion: string
  /** Its search (contract §13), once made: null on a store that does not answer search. */
  readonly search?: SearchSource | null
  /** Its characters (contract §13), once made: null on a store that does not answer them. */
  readonly characters?: CharacterSource | null
  /** Makes its search and characters now, with the catalogue's load or reload (never while a request waits). */
  prepareExtensions?(): void
}
