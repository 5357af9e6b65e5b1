import { parseAirDate } from './air-date.ts'
import type { ColumnKind, Facet } from './collection'

/**
 * The one order of text for every reader, so that a shared link gives the same rows in the same order:
 * "Planet 9" before "Planet 10", "Émile" beside "Emile", letter case ignored.
 */
export const SORT_COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** A record's value of a facet: the field's text exactly, or what the facet's `value` makes of it. */
export function facetValue(
  record: { readonly id: number },
  facet: Pick<Facet<never>, 'field' | 'value'>,
): string {
  const fields: Record<string, unknown> = record
  const value = fields[facet.field]
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)
  return facet.value ? facet.value(text) : text
}

/**
 * A record's value in a column as the data tool compares it: text, or a number (a count, or a time in UTC
 * milliseconds); null when it has none (an empty text, an unreadable date), which sorts last either way.
 */
export function columnValue(
  record: { readonly id: number },
  column: { field: string; kind: ColumnKind },
): string | number | null {
  const fields: Record<string, unknown> = record
  const value = fields[column.field]
  switch (column.kind) {
    case 'id':
      return typeof value === 'number' ? value : null
    case 'count':
      return Array.isArray(value) ? value.length : null
    case 'isoDate': {
      const time = typeof value === 'string' ? Date.parse(value) : Number.NaN
      return Number.isNaN(time) ? null : time
    }
    case 'airDate':
      return typeof value === 'string' ? (parseAirDate(value)?.getTime() ?? null) : null
    case 'text':
      return typeof value === 'string' && value !== '' ? value : null
  }
}
