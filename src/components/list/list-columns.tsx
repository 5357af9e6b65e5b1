import type { ReactNode } from 'react'
import type { ApiRecord, Column as DefinedColumn } from '../../catalogue'
import { formatAirDate, formatCreated } from '../../lib/format'
import type { Column } from './ResultsTable'

/** How a list page shows one of its collection's columns, where the column's kind alone does not say. */
export type CellOverride<R> = Partial<Pick<Column<R>, 'header' | 'cell' | 'inline' | 'secondary'>>
export type CellOverrides<R> = { readonly [field: string]: CellOverride<R> }

/** A column's cell by its kind: text as written, counts of arrays, dates in the reader's words (UTC). */
function cellOf<R extends ApiRecord>(column: DefinedColumn<R>): (record: R) => ReactNode {
  return (record) => {
    const value: unknown = record[column.field]
    switch (column.kind) {
      case 'id':
        return record.id
      case 'count':
        return Array.isArray(value) ? value.length : ''
      case 'isoDate':
        return typeof value === 'string' && value !== '' ? (
          <time dateTime={value}>{formatCreated(value)}</time>
        ) : (
          ''
        )
      case 'airDate':
        return typeof value === 'string' ? formatAirDate(value) : ''
      case 'text':
        return typeof value === 'string' ? value : ''
    }
  }
}

/** The columns a view shows: those chosen, in their order, or the collection's shown ones; the name always. */
export function shownFields<R>(defined: readonly DefinedColumn<R>[], chosen: readonly string[] | null) {
  const known = new Set(defined.map((column) => column.field as string))
  const fields = chosen
    ? chosen.filter((field) => known.has(field))
    : defined.filter((column) => column.shown).map((column) => column.field as string)
  return fields.includes('name') || !known.has('name') ? fields : ['name', ...fields]
}

/** The table's columns of a view, each sortable by its field. */
export function listColumns<R extends ApiRecord>(
  defined: readonly DefinedColumn<R>[],
  chosen: readonly string[] | null,
  overrides: CellOverrides<R> = {},
): Column<R>[] {
  return shownFields(defined, chosen).flatMap((field) => {
    const column = defined.find((candidate) => candidate.field === field)
    if (!column) return []
    const numeric = column.kind === 'count' || column.kind === 'id'
    // Dates are long: on a phone they fold under the name.
    const date = column.kind === 'isoDate' || column.kind === 'airDate'
    return [
      {
        key: field,
        header: column.label,
        sortField: field,
        isName: field === 'name' || undefined,
        cell: cellOf(column),
        numeric: numeric || undefined,
        secondary: date || undefined,
        ...overrides[field],
      },
    ]
  })
}
