/** A filter value may be at most this many characters long (before trimming). */
export const MAX_FILTER_LENGTH = 200

/** What a filter value means: white space at either end is not part of it; empty means no filter. */
export function normaliseFilterValue(value: string): string {
  return value.trim()
}

/** Case folding used for matching: Unicode-aware lower case. */
export function foldCase(text: string): string {
  return text.toLowerCase()
}

/** A filter matches when the field contains the (normalised) value, ignoring case; every character is literal. */
export function filterMatches(fieldValue: string, filterValue: string): boolean {
  return foldCase(fieldValue).includes(foldCase(normaliseFilterValue(filterValue)))
}
