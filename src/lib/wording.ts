import { characterIdFromUrl, PAGE_SIZE } from '../catalogue'
import { grouped } from './format'

// What list and record pages write around counts and ids: the explorer's English, and the ids it reads from
// addresses. The numbers in them are the reader's (`grouped`, format.ts), made there.

/** "location" → "Location": the words a record page needs, from the contract's nouns. */
export function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** "No residents", "1 resident", "3 residents", "1,234 characters" (digits grouped for the reader). */
export function countText(count: number, singular: string, plural: string): string {
  if (count === 0) return `No ${plural}`
  return `${grouped(count)} ${count === 1 ? singular : plural}`
}

/** The character numbers of character addresses, in their order; an address without a number is left out. */
export function characterNumbers(urls: readonly string[]): number[] {
  return urls.flatMap((url) => {
    const id = characterIdFromUrl(url)
    return id === null ? [] : [id]
  })
}

/** Ids as a reader scans them: "#4, #9", or past `shown` of them "#4, #9, #12 and 371 more". */
export function idList(ids: readonly number[], shown = 10): string {
  const listed = ids
    .slice(0, shown)
    .map((id) => `#${id}`)
    .join(', ')
  return ids.length > shown ? `${listed} and ${grouped(ids.length - shown)} more` : listed
}

/**
 * The dash between two counts of a range, as written: Arabic-Indic digits (`ar-EG`) are Arabic numbers to the
 * bidirectional algorithm, which joins a dash between two of them into one right-to-left run ("121–126" was
 * shown "126–121"). A left-to-right mark on each side keeps the order; Latin digits need none.
 */
const rangeDash = (first: string) => (/^[0-9]/.test(first) ? '–' : '\u200e–\u200e')

/** "21–40 of 126 locations" (an en dash, digits grouped for the reader), "1–1 of 1 location", or no match. */
export function listSummary(
  count: number,
  page: number,
  shown: number,
  words: { singular: string; plural: string; filtered: boolean },
): string {
  const { singular, plural, filtered } = words
  if (count === 0) return filtered ? `No ${plural} match these filters` : `No ${plural}`
  const first = (page - 1) * PAGE_SIZE + 1
  const last = first + shown - 1
  const from = grouped(first)
  return `${from}${rangeDash(from)}${grouped(last)} of ${grouped(count)} ${count === 1 ? singular : plural}`
}
