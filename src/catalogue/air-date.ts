/** English month names, as air dates write them. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** English month name, day without leading zero, comma, four-digit year: `December 2, 2013`. */
export const AIR_DATE_PATTERN = new RegExp(`^(${MONTHS.join('|')}) ([1-9]|[12][0-9]|3[01]), ([0-9]{4})$`)

/**
 * The calendar day an air date names, as midnight UTC (a calendar date has no time zone, so it is read and
 * printed in UTC and never shifts by a day), or null when the text is not an air date or names no real day
 * (`February 30, 2013`).
 */
export function parseAirDate(text: string): Date | null {
  const match = AIR_DATE_PATTERN.exec(text)
  if (!match) return null
  const month = MONTHS.indexOf(match[1] as (typeof MONTHS)[number])
  const day = Number(match[2])
  const date = new Date(0)
  date.setUTCFullYear(Number(match[3]), month, day)
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : null
}

/** A calendar day (read in UTC) written as an air date. */
export function writeAirDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${String(date.getUTCFullYear()).padStart(4, '0')}`
}
