import type { ApiRecord, Filters, ListPage } from '../../catalogue'
import type { FacetCounts } from '../../catalogue/views/view'
import type { ListViewAnswer } from '../../catalogue-index/hooks/use-list-view'
import type { ExportedView, IndexStatus } from '../../catalogue-index/protocol/worker-api'
import type { ListSource } from '../../lib/answerer'

/** A source's answer to the address, in the one shape the list page reads. */
export type SourceAnswer<R extends ApiRecord> = {
  /** The page on screen: its rows, count and pages; undefined before the first answer. */
  page: ListPage<R> | undefined
  /** The page on screen is the previous question's: another page, other filters or another view is on its way. */
  previous: boolean
  /** A request is on its way. */
  fetching: boolean
  /** Why the address was not answered; null: it was, or its answer is on its way. */
  error: unknown
  /** Why an attempt failed that is being made again by itself (a rate limit's wait); null: none. */
  failureReason: unknown
}

/** What the index needs to answer a view: whether this browser can keep it, its state, and its build. */
export type IndexWaiting = Pick<ListViewAnswer, 'supported' | 'status' | 'stale' | 'progress' | 'build'>

/** The rows of a list, whichever source answers them, and what the page shows around them. */
export interface ListAnswer<R extends ApiRecord, F extends string> extends SourceAnswer<R> {
  source: ListSource
  /** The filters that apply, as asked (an export asks for the same). */
  filters: Filters<F>
  /** The view needs the index, which is not complete (or cannot be kept here): what it needs; else null. */
  waiting: IndexWaiting | null
  /**
   * Asks the source again: the index its worker; otherwise the route's loader runs again, and corrects the
   * address if the answer says so.
   */
  retry(): void
  /**
   * The facets' counts under the view, and who counted them: the service that answers the view, or the
   * index (complete); null while nothing counts them. The index's state says whether counts not here yet are
   * on their way, and the date of the index's counts (null when the service answers the view).
   */
  facets: {
    counts: readonly FacetCounts[] | null
    status: IndexStatus | null
    by: 'service' | 'index' | null
    /** Asks the service again, when it answers the view (a facet it could not count in time may be counted now). */
    recount?: () => void
  }
  /** Whether the service in use answers views: the index is then never built unasked for this list. */
  viewsAnswered: boolean
  /** The catalogue's own count of the collection, whatever the filters. */
  total: number | undefined
  /** The API requests the rows stand for, for the page's "API" disclosure. */
  requests: string[]
  /** What an export of the list writes beyond its filters: the view as shown (null: the plain list). */
  exported: ExportedView | null
}
