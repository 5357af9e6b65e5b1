import type { ApiRecord } from '../catalogue'

/**
 * The records exactly as the API returns them, as one JSON array (two-space indent, a final line break); with
 * `fields` (a view's columns), each record holds those fields alone, in that order.
 */
export function recordsToJson(records: readonly ApiRecord[], fields?: readonly string[]): string {
  const written = fields
    ? records.map((record) => Object.fromEntries(fields.map((field) => [field, Reflect.get(record, field)])))
    : records
  return `${JSON.stringify(written, null, 2)}\n`
}
