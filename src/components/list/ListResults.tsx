import type { ReactNode } from 'react'
import type { ApiRecord } from '../../catalogue'
import { Pagination, type PaginationProps } from '../pagination/Pagination'
import { QueryErrorState } from '../states/QueryErrorState'
import { IndexNeeded } from './data-tool/IndexNeeded'
import type { ListAnswer } from './list-answer'
import { ResultsTable, type ResultsTableProps } from './ResultsTable'

/**
 * What a list shows where its rows go: what the index needs for a view it alone answers, a failure with Retry,
 * the empty state, or the rows and their pages.
 */
export function ListResults<R extends ApiRecord, F extends string>(props: {
  list: ListAnswer<R, F>
  /** Another address is on its way (its answer decides what shows). */
  pending: boolean
  empty: boolean
  emptyState: ReactNode
  /** The list without its view, for the index's "not built" message. */
  withoutView: string
  firstLoad: boolean
  table: Omit<ResultsTableProps<R>, 'rows'>
  paging: Omit<PaginationProps, 'pages'>
}) {
  const { list, pending, table, paging } = props
  if (list.waiting) return <IndexNeeded answer={list.waiting} withoutView={props.withoutView} />
  // Retry runs the loader again: it asks again, and corrects the address if the answer says so.
  if (list.error !== null && !pending)
    return <QueryErrorState error={list.error} onRetry={list.retry} retrying={table.busy} />
  if (props.empty) return props.emptyState
  const data = list.page
  return (
    <>
      <ResultsTable {...table} rows={data?.results} />
      {data ? (
        <Pagination {...paging} pages={data.info.pages} />
      ) : (
        // Its room is kept while the first page loads, as the rows' is: a scroll restored near the foot of
        // the list by Back then stays where it was left, rather than held short by a page without it.
        props.firstLoad && <div className="pagination-slot" aria-hidden="true" />
      )}
    </>
  )
}
