/** Records on one page of a list, on the service and in the app. */
export const PAGE_SIZE = 20

/** Number of pages needed for `count` records (0 when there are none). */
export function pageCount(count: number): number {
  return Math.ceil(count / PAGE_SIZE)
}

/**
 * The addresses of the pages beside `page` of a list of `pages` (the contract's `next` and `prev`), or null
 * where there is none: `address` writes a page's address.
 */
export function pageLinks(
  page: number,
  pages: number,
  address: (page: number) => string,
): { next: string | null; prev: string | null } {
  return {
    next: page < pages ? address(page + 1) : null,
    prev: page > 1 && pages > 0 ? address(page - 1) : null,
  }
}

/** What a client is told of a bad `page` (§4). */
export const PAGE_RULE =
  'The parameter "page" must be a whole number of at least 1, written in digits, such as page=2.'
export const PAGE_GIVEN_ONCE = 'The parameter "page" may be given only once.'

const PAGE_PATTERN = /^[0-9]+$/

/**
 * Reads a `page` parameter: plain decimal digits with a value of at least 1. Returns the page number, or null
 * when the text is not a valid page. A number too large to hold exactly reads as the largest exact one: a page
 * beyond the last of any list, as it is.
 */
export function parsePage(text: string): number | null {
  if (!PAGE_PATTERN.test(text)) return null
  const page = Math.min(Number(text), Number.MAX_SAFE_INTEGER)
  return page >= 1 ? page : null
}
