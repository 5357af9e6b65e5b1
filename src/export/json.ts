import type { ApiRecord } from '../catalogue'

/**
 * The records exactly as the API returns them, as one JSON array (two-space indent, a final line break); with
 * `fields` (a view's columns), each record holds those fields alone, in that order.
 */
export function recordsToJson(records: readonly ApiRecord[], fields?: readonly string[]): string {
  const written = fields ? records.map((record) => pickFields(record, fields)) : records
  return `${JSON.stringify(written, null, 2)}\n`
}

/*
 * The same file written in parts (a stream): `JSON_ARRAY_START`, then `jsonItems` for each chunk of records
 * (`first` for the first chunk that has any), then `jsonArrayEnd`. Together they are `recordsToJson`'s text.
 */

export const JSON_ARRAY_START = '['

/** The items of a chunk of records as they sit in the indented array, each after its separator. */
export function jsonItems(records: readonly ApiRecord[], first: boolean, fields?: readonly string[]): string {
  let text = ''
  for (const [index, record] of records.entries()) {
    const item = JSON.stringify(fields ? pickFields(record, fields) : record, null, 2).replace(/\n/g, '\n  ')
    text += `${first && index === 0 ? '' : ','}\n  ${item}`
  }
  return text
}

/** The end of the array: `empty` when no item was written. */
export function jsonArrayEnd(empty: boolean): string {
  return empty ? ']\n' : '\n]\n'
}

/** The record with these fields alone, in this order. */
export function pickFields(record: ApiRecord, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, Reflect.get(record, field)]))
}
