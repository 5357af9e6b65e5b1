import { memo, type ReactNode, useCallback } from 'react'
import { Link } from 'react-router-dom'
import { PAGE_SIZE } from '../../catalogue'
import type { SortState } from '../../catalogue/views/parameters'
import { useLatest } from '../../lib/page/use-latest'
import { ignoreRepeatedClick } from '../links/back-state'
import { NotGiven } from '../NotGiven'

export type Column<R> = {
  /** Unique among the table's columns; the header when left out. */
  key?: string
  header: string
  /** The field the header's button sorts by (a table given `onSort`). */
  sortField?: string
  /** The record's name, rendered as the link to its page. */
  isName?: boolean
  cell?: (record: R) => ReactNode
  /** Narrow screens hide this column and show its value under the name instead. */
  secondary?: boolean
  /** How the value reads under the name on narrow screens, when the bare cell would not say what it is. */
  inline?: (record: R) => ReactNode
  numeric?: boolean
}

type Row = { id: number; name: string }

export type ResultsTableProps<R extends Row> = {
  caption: string
  columns: readonly Column<R>[]
  /** Undefined while the first page loads: skeleton rows are shown. */
  rows: readonly R[] | undefined
  busy: boolean
  hrefOf: (record: R) => string
  /** Kept with the link, so the record page can go back to this very list. */
  linkState: unknown
  selected: ReadonlySet<number>
  onToggle: (id: number) => void
  /** The rows' order, when they are sorted by a column. */
  sort?: SortState | null
  /** Sorting by a column's field: the header holds a button named after the column. */
  onSort?: (field: string) => void
}

const keyOf = (column: { key?: string; header: string }) => column.key ?? column.header

const ARIA_SORT = { ascending: 'ascending', descending: 'descending' } as const

/** A column header: its name, or a button that sorts by it (a second press reverses), with `aria-sort`. */
function HeaderCell<R>({
  column,
  className,
  sort,
  onSort,
}: {
  column: Column<R>
  className: string | undefined
  sort: SortState | null
  onSort?: (field: string) => void
}) {
  const field = column.sortField
  if (!onSort || !field) {
    return (
      <th scope="col" className={className}>
        {column.header}
      </th>
    )
  }
  const direction = sort?.field === field ? (sort.descending ? 'descending' : 'ascending') : null
  return (
    <th scope="col" className={className} aria-sort={direction ? ARIA_SORT[direction] : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(field)}>
        {column.header}
        <span className="sort-mark" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  )
}

/**
 * While the first page loads: a full page of placeholder rows, each the height of a record's row (one line of
 * text per cell, and on phones the folded line under the name), so the rows that replace them move nothing.
 * Their keys are not ids: React would otherwise turn placeholder rows into record rows, and the browser would
 * count those rows moving up as a layout shift.
 */
const SKELETON_KEYS = Array.from({ length: PAGE_SIZE }, (_, index) => `placeholder-${index}`)

function cellValue<R>(column: Column<R>, record: R): ReactNode {
  const value = column.cell?.(record)
  return value === '' ? <NotGiven dash /> : value
}

type BodyProps<R extends Row> = Pick<
  ResultsTableProps<R>,
  'columns' | 'rows' | 'hrefOf' | 'linkState' | 'selected' | 'onToggle'
>

const columnClassOf = (column: Column<unknown>) =>
  [column.secondary ? 'col-secondary' : '', column.numeric ? 'col-numeric' : ''].join(' ').trim() || undefined

/**
 * The rows, rendered again only when they, their columns, their links' state or the ticks change: a change of
 * the view renders the page several times (the control, the router's pending state, the answer), the rows once.
 */
function ResultsBodyRows<R extends Row>({
  columns,
  rows,
  hrefOf,
  linkState,
  selected,
  onToggle,
}: BodyProps<R>) {
  const secondary = columns.filter((column) => column.secondary && column.cell)
  const columnClass = (column: Column<R>) => columnClassOf(column as Column<unknown>)
  return (
    <tbody>
      {rows === undefined
        ? SKELETON_KEYS.map((key) => (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row holds nothing focusable.
            <tr key={key} className="skeleton-row" aria-hidden="true">
              <td className="col-select">
                {/* Hidden, but as tall as the tick box of a record's row. */}
                <input type="checkbox" disabled tabIndex={-1} className="skeleton-check" />
              </td>
              {columns.map((column) => (
                <td key={keyOf(column)} className={column.isName ? 'col-name' : columnClass(column)}>
                  <span className="skeleton" />
                  {column.isName && secondary.length > 0 && (
                    <span className="row-extra">
                      <span>
                        <span className="skeleton" />
                      </span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))
        : rows.map((record) => (
            <tr key={record.id} className={selected.has(record.id) ? 'selected' : undefined}>
              <td className="col-select">
                <input
                  type="checkbox"
                  aria-label={`Select ${record.name}`}
                  checked={selected.has(record.id)}
                  onChange={() => onToggle(record.id)}
                />
              </td>
              {columns.map((column) =>
                column.isName ? (
                  <td key={keyOf(column)} className="col-name">
                    <Link to={hrefOf(record)} state={linkState} onClick={ignoreRepeatedClick}>
                      {record.name}
                    </Link>
                    {secondary.length > 0 && (
                      <span className="row-extra">
                        {secondary.map((extra) => (
                          <span key={keyOf(extra)}>
                            {extra.inline ? (
                              extra.inline(record)
                            ) : (
                              <>
                                <span className="visually-hidden">{extra.header}: </span>
                                {cellValue(extra, record)}
                              </>
                            )}
                          </span>
                        ))}
                      </span>
                    )}
                  </td>
                ) : (
                  <td key={keyOf(column)} className={columnClass(column)}>
                    {cellValue(column, record)}
                  </td>
                ),
              )}
            </tr>
          ))}
    </tbody>
  )
}

const ResultsBody = memo(ResultsBodyRows) as typeof ResultsBodyRows

export function ResultsTable<R extends Row>(props: ResultsTableProps<R>) {
  const { caption, columns, rows, busy, hrefOf, linkState, selected, onToggle, sort = null, onSort } = props
  const columnClass = (column: Column<R>) => columnClassOf(column as Column<unknown>)
  // The same function from render to render (it runs on a click only), so that a new closure does not render
  // the rows again; `hrefOf` runs while rendering, so its callers keep it the same instead.
  const latest = useLatest(onToggle)
  const stableToggle = useCallback((id: number) => latest.current(id), [latest])

  return (
    <div className="table-wrap">
      <table className="results" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-select">
              <span className="visually-hidden">Select</span>
            </th>
            {columns.map((column) => (
              <HeaderCell
                key={keyOf(column)}
                column={column}
                className={columnClass(column)}
                sort={sort}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <ResultsBody
          columns={columns}
          rows={rows}
          hrefOf={hrefOf}
          linkState={linkState}
          selected={selected}
          onToggle={stableToggle}
        />
      </table>
    </div>
  )
}
