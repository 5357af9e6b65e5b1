import type { Column } from '../../../catalogue'
import { boundOf, type RangeText } from '../../../catalogue/views/parameters'
import { rangeChoiceLabel } from './ChosenValues'

type RangedColumn = Pick<Column<never>, 'field' | 'label' | 'kind' | 'range'>

/**
 * Why a range holds nothing when its start is after its end ("Residents from 5 to 3 holds nothing: its start
 * is after its end."), or null: said by the range's field and by the empty list.
 */
export function reversedRange(column: RangedColumn, range: RangeText | undefined): string | null {
  if (!range || range.from === '' || range.to === '') return null
  const from = boundOf(column, range.from, 'from')
  const to = boundOf(column, range.to, 'to')
  if (from === null || to === null || from <= to) return null
  return `${rangeChoiceLabel(column.label, range)} holds nothing: its start is after its end.`
}

/** The first reversed range of a view's ranges, in the columns' order, or null. */
export function reversedRangeOf(
  columns: readonly RangedColumn[],
  ranges: Readonly<Record<string, RangeText>>,
): string | null {
  for (const column of columns) {
    const reason = column.range ? reversedRange(column, ranges[column.field]) : null
    if (reason) return reason
  }
  return null
}
