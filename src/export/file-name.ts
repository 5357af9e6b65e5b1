import { normaliseFilterValue } from '../catalogue'

export type ExportFormat = 'csv' | 'json'

/** The longest a filter value may be in a file name; the rest is cut. */
const MAX_VALUE_LENGTH = 40

/**
 * The file name of an export: the collection, each applied filter as name and value, the local date, the
 * format: `locations-type-planet-2026-11-23.csv`. Values are lower case, with every run of characters other
 * than letters and digits (in any script) made one `-`, so the name is safe on every file system.
 */
export function exportFileName(
  collection: string,
  filters: Readonly<Partial<Record<string, string>>>,
  format: ExportFormat,
  date: Date,
): string {
  const parts = [slug(collection)]
  for (const [name, value] of Object.entries(filters)) {
    const text = slug(normaliseFilterValue(value ?? ''))
      .slice(0, MAX_VALUE_LENGTH)
      .replace(/-+$/, '')
    if (text) parts.push(slug(name), text)
  }
  parts.push(localDate(date))
  return `${parts.join('-')}.${format}`
}

function slug(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
}

function localDate(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
}
