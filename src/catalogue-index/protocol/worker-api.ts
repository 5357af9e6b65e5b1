import type { ApiRecord, Filters, ListPage } from '../../catalogue'
import type { DataViewPage, ListView } from '../../catalogue/views/view'
import type { CrawlProgress, ServiceExtensions } from '../../crawler'
import type { CharacterReply, CharacterRequest } from './characters'
import type { Insights } from './insights'
import type { SearchAnswer } from './search'
import type { SearchListPage, SearchListRequest } from './search-list'

/** A catalogue with at most this many pages per collection is indexed without being asked. */
export const AUTO_INDEX_MAX_PAGES = 50

/** Whether a list of `pages` pages is small enough for its catalogue to be indexed without being asked. */
export const indexedUnasked = (pages: number): boolean => pages <= AUTO_INDEX_MAX_PAGES

/**
 * An index larger than this (bytes of records, estimated from each list's first page) is built only once the
 * user has been told how large it will be and agreed: a browser keeps it on disk, and the worker reads it.
 */
export const INDEX_CONFIRM_BYTES = 300_000_000

/** A connection as the index worker needs it; the key is used for requests only, never stored. */
export interface IndexConnection {
  /** Empty means the page's own origin. */
  baseUrl: string
  apiKey: string
}

/** How far the index has read one collection. */
export interface CollectionStatus {
  collection: string
  /** Records and pages the service reported on the last page read; null before the first. */
  count: number | null
  pages: number | null
  /** Pages stored, in order from page 1 (a cancelled crawl resumes after them). */
  pagesDone: number
  records: number
  /** Every page of the collection is stored. */
  complete: boolean
  /**
   * The user asked for a build that has not finished and was not cancelled (a reload or a closed tab cut it
   * short): the next page load carries it on. Absent in an index stored before it was kept.
   */
  wanted?: boolean
  /** Read from the service's stream (records counted, not pages); absent: page by page. */
  streamed?: boolean
}

export interface IndexStatus {
  collections: CollectionStatus[]
  /** Every collection is completely stored. */
  complete: boolean
  /** When the oldest collection was last completely read (epoch ms); null before that. */
  updatedAt: number | null
  /** A crawl of this connection is under way, in this tab or another. */
  building: boolean
  /**
   * The version of the catalogue the complete index was read from (contract §13): null when incomplete, when
   * the service named none, or when its collections were read from different versions.
   */
  catalogueVersion: string | null
}

export type BuildMode = 'auto' | 'build' | 'refresh'

export type BuildOutcome =
  | { outcome: 'done'; records: number; elapsedMs: number }
  | { outcome: 'busy' }
  | { outcome: 'tooLarge'; pages: number }
  /** Larger than INDEX_CONFIRM_BYTES: built only when asked again with `sizeConfirmed`. */
  | { outcome: 'confirm'; bytes: number }
  | { outcome: 'cancelled' }
  | { outcome: 'unauthorized' }
  | { outcome: 'failed'; message: string }

export type { ExportFormat } from '../../export'

/** What an export reads of the list it exports. */
export type ExportedList = { name: string; listPath: string; filters: readonly string[] }

/**
 * A view of a list exported as it is shown: its records in its order (answered by the complete index when it
 * has a sort, facet values or ranges) and its columns in their order (null: every field of the records).
 */
export type ExportedView = { view: ListView; columns: readonly string[] | null }

/**
 * What an export writes, as the page asks for it: the list, its filters, its view as shown (null: the plain
 * list), and the records the list on screen counts (null: not known), which tells a file too large to hold in
 * memory before it is asked for.
 */
export interface ExportRequest {
  collection: ExportedList
  filters: Filters<string>
  view: ExportedView | null
  records: number | null
}

/** The insights of a complete index, counted in the worker, with how many records they count. */
export type InsightsAnswer = {
  insights: Insights
  records: { episodes: number; locations: number }
  elapsedMs: number
  /** Some chart was not counted by the service within its time limit (the service's first view is then not kept). */
  uncounted?: true
}

import type { ExportFormat } from '../../export'

/** What the index broadcasts to every tab of the same connection. */
export type IndexMessage =
  | { type: 'progress'; progress: CrawlProgress }
  | { type: 'changed' }
  | { type: 'failed'; message: string }

/** The index worker's API, called through Comlink. */
export interface IndexWorkerApi {
  channelName(connection: IndexConnection): Promise<string>
  status(connection: IndexConnection): Promise<IndexStatus>
  /** `sizeConfirmed`: the user agreed to an index of the size a `confirm` outcome said. */
  build(connection: IndexConnection, mode: BuildMode, sizeConfirmed?: boolean): Promise<BuildOutcome>
  /** What the connection's service adds to the specification (its OpenAPI document's marker), read once. */
  serviceExtensions(connection: IndexConnection): Promise<ServiceExtensions>
  cancel(): void
  /** A list page from a complete index, or null when the collection is not completely indexed. */
  list(
    connection: IndexConnection,
    collection: string,
    filters: Filters<string>,
    page: number,
  ): Promise<ListPage<ApiRecord> | null>
  /** Records by id from a complete index, or null. */
  records(
    connection: IndexConnection,
    collection: string,
    ids: readonly number[],
  ): Promise<ApiRecord[] | null>
  drop(connection: IndexConnection): Promise<void>
  /**
   * The whole filtered list as a file's text: from the index when complete and not stale (`heard`: the version
   * the page last heard the service name; undefined offline, where the index answers however old), else
   * crawled with the filters; a view (see ExportedView) as shown.
   */
  exportList(
    connection: IndexConnection,
    collection: string,
    filters: Filters<string>,
    format: ExportFormat,
    onProgress: (progress: CrawlProgress) => void,
    view?: ExportedView | null,
    heard?: string | null,
  ): Promise<{ text: string } | { failed: string }>
  cancelExport(): void
  /**
   * One page of a view of a list (sort, facets, ranges and the service's filters) from a complete index,
   * with its facets' counts, or null while the index is incomplete.
   */
  view(
    connection: IndexConnection,
    collection: string,
    view: ListView,
    page: number,
  ): Promise<DataViewPage | null>
  /** Characters, derived from a complete index (protocol/characters.ts), or null while it is incomplete. */
  characters(connection: IndexConnection, request: CharacterRequest): Promise<CharacterReply | null>
  /**
   * The whole catalogue searched (worker/search-index.ts), or null while the index is incomplete. While the
   * search index loads, a scan of the names (`partial`); with `whole`, the answer waits for the search index.
   */
  search(connection: IndexConnection, query: string, whole?: boolean): Promise<SearchAnswer | null>
  /** A page of all the results of a search (worker/search-list.ts), or null while the index is incomplete. */
  searchList(connection: IndexConnection, request: SearchListRequest): Promise<SearchListPage | null>
  /** The insights charts counted over a complete index (once per version of it), or null while it is incomplete. */
  insights(connection: IndexConnection): Promise<InsightsAnswer | null>
}
