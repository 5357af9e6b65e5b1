import { COLLECTIONS, type Filters, normaliseFilterValue } from '../catalogue'
import { type ListView, viewStateOf } from '../catalogue/views/view'

export type ExportFormat = 'csv' | 'json'

/** The most a file name says before its date; a longer one is cut after its last whole word. */
const MAX_NAME_LENGTH = 100

/** Letters that no accent stripping makes ASCII. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
}

/**
 * The file name of an export, saying the view it holds: the collection, each filter as name and value, each
 * facet's values (`type-planet-or-resort`; the empty value is `none`), each range (`residents-3-to-5`,
 * `residents-from-3`, `residents-up-to-5`; dates as `2015-07-26`), the sort (`by-name`, `by-residents-desc`),
 * then the local date and the format:
 * `locations-type-planet-dimension-fantasy-dimension-residents-3-to-5-by-residents-desc-2026-12-07.csv`.
 * Only `a-z`, `0-9` and `-`: accents are dropped (`Zürich` is `zurich`), anything else is a `-`, so the name is
 * the same on every file system; at most 100 characters before the date, cut at a `-`.
 */
export function exportFileName(
  collection: string,
  filters: Readonly<Filters<string>>,
  view: Pick<ListView, 'facets' | 'ranges' | 'sort'> | null,
  format: ExportFormat,
  date: Date,
): string {
  const parts = [slug(collection)]
  for (const [name, value] of Object.entries(filters)) {
    const text = slug(normaliseFilterValue(value ?? ''))
    if (text) parts.push(slug(name), text)
  }
  if (view) parts.push(...describeView(collection, view))
  return `${cutAtWord(parts.join('-'))}-${localDate(date)}.${format}`
}

function describeView(collection: string, view: Pick<ListView, 'facets' | 'ranges' | 'sort'>): string[] {
  const parts: string[] = []
  for (const [facet, values] of Object.entries(view.facets)) {
    const words = values.map((value) => (value === '' ? 'none' : slug(value))).filter(Boolean)
    if (words.length > 0) parts.push(slug(facet), words.join('-or-'))
  }
  const columns = COLLECTIONS.find((each) => each.name === collection)?.columns ?? []
  for (const [field, { from, to }] of Object.entries(viewStateOf(view, columns).ranges)) {
    const range = from && to ? `${from}-to-${to}` : from ? `from-${from}` : `up-to-${to}`
    parts.push(slug(field), slug(range))
  }
  if (view.sort) parts.push('by', slug(view.sort.field), ...(view.sort.descending ? ['desc'] : []))
  return parts
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]/g, (letter) => LETTERS[letter] ?? '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

function cutAtWord(name: string): string {
  if (name.length <= MAX_NAME_LENGTH) return name
  const end = name.lastIndexOf('-', MAX_NAME_LENGTH)
  return name.slice(0, end > 0 ? end : MAX_NAME_LENGTH)
}

function localDate(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
}
