import Papa from 'papaparse'
import { type ApiRecord, type CollectionView, characterIdFromUrl } from '../catalogue'
import { recordFields } from '../catalogue/views/stream'

/**
 * Cells a spreadsheet would read as a formula (OWASP, CSV injection): they get a leading `'` and quotes. A
 * tab or carriage return first; or a formula's sign (`=`, `+`, `-`, `@`, their full-width forms) or `;` (a
 * list separator in many locales, after which a spreadsheet reads a formula), behind any white space, line
 * feeds, zero-width characters or byte order marks, which spreadsheets skip. Papa Parse's own pattern
 * (`escapeFormulae: true`) misses a cell with a line break after the first character, so the test is on the
 * start alone.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\u200B-\u200D\u2060\uFEFF]*[=+\-@;\uFF1D\uFF0B\uFF0D\uFF20])/

/** Byte order mark: spreadsheets read the file as UTF-8 only with it; CSV readers skip it. */
const BOM = '\uFEFF'
const CRLF = '\r\n'

/** What the CSV reads of a collection's definition: its record schema (for the columns) and character links. */
export type CsvCollection<R extends ApiRecord> = Pick<CollectionView<R>, 'record' | 'characterLinks'>

/**
 * The records as CSV (RFC 4180: CRLF line ends, quotes where needed), UTF-8 with a byte order mark, a header
 * row with the API's field names in the API's order, one row per record. Character addresses become their ids
 * joined with `;` (an address without an id is kept whole); other arrays are joined with `;` too.
 */
export function recordsToCsv<R extends ApiRecord>(
  collection: CsvCollection<R>,
  records: readonly R[],
  /** The columns written, in order (a view's); every field of the schema when left out. */
  fields?: readonly string[],
): string {
  const columns = fields ? [...fields] : csvColumns(collection, records)
  return `${csvHeader(columns)}${csvRows(collection, records, columns)}`
}

/**
 * The start of a CSV file written in parts (a stream): the byte order mark and the header row. The rows follow
 * from `csvRows`, one call per chunk of records; together they are `recordsToCsv` of all the records.
 */
export function csvHeader(columns: readonly string[]): string {
  return `${BOM}${Papa.unparse({ fields: [...columns], data: [] }, { newline: CRLF }).replace(/\r\n$/, '')}${CRLF}`
}

/** Rows of records, each ending with CRLF (none for no record): a chunk of a file begun by `csvHeader`. */
export function csvRows<R extends ApiRecord>(
  collection: { characterLinks: { field: string } },
  records: readonly R[],
  columns: readonly string[],
): string {
  if (records.length === 0) return ''
  const links = collection.characterLinks.field
  const rows = records.map((record) =>
    columns.map((column) => {
      const value: unknown = Reflect.get(record, column)
      if (!Array.isArray(value)) return value
      const items = column === links ? value.map((item) => characterCell(item)) : value
      return items.join(';')
    }),
  )
  const table = Papa.unparse(
    { fields: [...columns], data: rows },
    { header: false, escapeFormulae: FORMULA_START, newline: CRLF },
  )
  return `${table}${CRLF}`
}

function characterCell(address: unknown): string {
  const text = String(address)
  return String(characterIdFromUrl(text) ?? text)
}

/**
 * The columns of a collection's CSV: the fields of its record schema, in order; from the first record when the
 * schema does not say.
 */
export function csvColumns<R extends ApiRecord>(
  collection: { record: unknown },
  records: readonly R[] = [],
): string[] {
  const fields = recordFields(collection)
  if (fields.length > 0) return fields
  return records[0] ? Object.keys(records[0]) : ['id', 'name', 'url', 'created']
}
