import Papa from 'papaparse'
import { type ApiRecord, characterIdFromUrl, type Filters } from '../catalogue'
import type { ExportFormat } from './protocol'
import { appliedFilters } from './query'

type Exported = { name: string; listPath: string; filters: readonly string[] }

/** Spreadsheets run a cell beginning with one of these as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/

/** A cell a spreadsheet shows as text: a leading `'` before anything it would read as a formula. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

function cellOf(value: unknown): string {
  if (Array.isArray(value)) {
    // Character addresses as their ids, joined: `1;38;45`.
    return value.map((item) => String(characterIdFromUrl(String(item)) ?? item)).join(';')
  }
  return neutraliseCell(String(value ?? ''))
}

/** RFC 4180 CSV with a header row (the record's fields, in the API's order), CRLF line ends. */
export function toCsv(records: readonly ApiRecord[]): string {
  const first = records[0]
  if (!first) return ''
  const fields = Object.keys(first)
  const rows = records.map((record) => {
    const values: Record<string, unknown> = record
    return fields.map((field) => cellOf(values[field]))
  })
  return Papa.unparse({ fields, data: rows }, { newline: '\r\n', quotes: false, escapeFormulae: false })
}

/** The records exactly as the API returns them. */
export function toJson(records: readonly ApiRecord[]): string {
  return JSON.stringify(records, null, 2)
}

export function formatRecords(records: readonly ApiRecord[], format: ExportFormat): string {
  return format === 'csv' ? toCsv(records) : toJson(records)
}

/** `locations-type-planet-2026-11-23.csv`: the collection, the filters and the day. */
export function exportFileName(
  collection: Exported,
  filters: Filters<string>,
  format: ExportFormat,
  now: Date,
): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
  const parts = [collection.name]
  for (const [name, value] of appliedFilters(collection, filters)) parts.push(name, slug(value) || 'x')
  parts.push(now.toISOString().slice(0, 10))
  return `${parts.join('-')}.${format}`
}
