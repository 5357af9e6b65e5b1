import { parseAirDate } from '../../src/catalogue'

/**
 * The ways a date can be written for a reader of `locale` (full, long, medium or short date style). The
 * explorer chooses the style; these specs only require that it is the reader's locale, not the raw text.
 */
export function localeDateForms(date: Date, locale: string): string[] {
  return (['full', 'long', 'medium', 'short'] as const).map((dateStyle) =>
    new Intl.DateTimeFormat(locale, { dateStyle, timeZone: 'UTC' }).format(date),
  )
}

/** The calendar date of a contract air date such as "December 2, 2013", at midnight UTC. */
export function airDate(text: string): Date {
  const date = parseAirDate(text)
  if (!date) throw new Error(`not an air date: ${text}`)
  return date
}
