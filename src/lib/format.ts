import { parseAirDate } from '../catalogue'

// A record's dates in UTC, and saying so ("12:58:36 UTC"): the same text whether the service or the browser
// renders it. The moment the index was read is this browser's own, written only by it, in its time zone.
const DATE_FORMATS = {
  created: { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' },
  airDate: { dateStyle: 'long', timeZone: 'UTC' },
  clock: { hour: '2-digit', minute: '2-digit', hour12: false },
  day: { day: 'numeric', month: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

/**
 * The reader's locale: the browser's own (undefined), or, on a page whose first view the service rendered,
 * the locale it rendered in (src/app/first-view.ts), so that the browser's render matches its HTML.
 */
let readerLocale: string | undefined

/** Formats dates and counts in `locale` from now on (undefined: the runtime's own). */
export function setReaderLocale(locale: string | undefined): void {
  if (locale === readerLocale) return
  readerLocale = locale
  numberFormat = undefined
}

// Making an Intl formatter is costly, and the first of a kind in a page costs tens of milliseconds (the
// locale's data loads): that was most of a click from a list to a record (docs/benchmarks.md). One of each
// kind and locale is kept, and `warmFormatters` makes the reader's own while the page is idle.
const dateFormats = new Map<string, Intl.DateTimeFormat>()
let numberFormat: Intl.NumberFormat | undefined

function dateFormat(asked: string | undefined, kind: keyof typeof DATE_FORMATS): Intl.DateTimeFormat {
  const locale = asked ?? readerLocale
  const key = `${kind} ${locale ?? ''}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE_FORMATS[kind])
    dateFormats.set(key, format)
  }
  return format
}

/**
 * A count with digits grouped for the reader ("1,234"), in the reader's locale. A bare `toLocaleString()`
 * writes in the runtime's own locale, which is the service's when it renders a page and the browser's when it
 * hydrates it: their digits can differ (Arabic-Indic in `ar-EG`), and so would the HTML React hydrates. (Texts
 * written in a fixed locale, `toLocaleString('en')`, match on both sides.)
 */
export function grouped(count: number): string {
  numberFormat ??= new Intl.NumberFormat(readerLocale)
  return numberFormat.format(count)
}

/**
 * Each makes one of the reader's formatters, so that no page pays for the first of a kind; run one per idle
 * moment. The number's first: a list's first render needs it (its count), a record's the dates.
 */
export const FORMATTER_WARMERS: readonly (() => void)[] = [
  () => grouped(0),
  () => dateFormat(undefined, 'created').format(0),
  () => dateFormat(undefined, 'airDate').format(0),
]

/** A creation timestamp as date and time in the reader's locale and time zone; the text as is if unreadable. */
export function formatCreated(iso: string, locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return dateFormat(locale, 'created').format(date)
}

/** "09:41, 23 Nov": when the catalogue index was read, wherever it is written (the offline banner, the facets). */
export function formatAsOf(time: number, locale = 'en-GB'): string {
  const date = new Date(time)
  return `${dateFormat(locale, 'clock').format(date)}, ${dateFormat(locale, 'day').format(date)}`
}

/** An air date such as "December 2, 2013" as a calendar date in the reader's locale; the text as is if unreadable. */
export function formatAirDate(text: string, locale?: string): string {
  const date = parseAirDate(text)
  if (!date) return text
  return dateFormat(locale, 'airDate').format(date)
}
