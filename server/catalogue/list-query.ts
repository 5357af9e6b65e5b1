import { type AnyCollection, MAX_FILTER_LENGTH, normaliseFilterValue, parsePage } from '../../src/catalogue'
import { CatalogueError } from './errors'

/** A list request as the service applies it: the page and the non-empty, trimmed filters in contract order. */
export interface ListQuery {
  page: number
  /** The page as the client wrote it (without leading zeros), for messages: a huge one is held clamped. */
  pageText: string
  filters: [field: string, value: string][]
}

/** Reads `page` and the collection's filters from a parsed query string; other parameters are ignored. */
export function parseListQuery(collection: AnyCollection, query: Record<string, unknown>): ListQuery {
  const page = readPage(query.page)
  const pageText = typeof query.page === 'string' ? query.page.replace(/^0+/, '') : String(page)
  const filters: [string, string][] = []
  for (const field of collection.filters) {
    const raw = query[field]
    if (raw === undefined) continue
    if (typeof raw !== 'string')
      throw new CatalogueError('invalid', `The filter "${field}" may be given only once.`)
    if (raw.length > MAX_FILTER_LENGTH) {
      throw new CatalogueError(
        'invalid',
        `The filter "${field}" may be at most ${MAX_FILTER_LENGTH} characters long.`,
      )
    }
    const value = normaliseFilterValue(raw)
    if (value !== '') filters.push([field, value])
  }
  return { page, pageText, filters }
}

function readPage(raw: unknown): number {
  if (raw === undefined) return 1
  if (typeof raw !== 'string')
    throw new CatalogueError('invalid', 'The parameter "page" may be given only once.')
  const page = parsePage(raw)
  if (page === null) {
    throw new CatalogueError(
      'invalid',
      'The parameter "page" must be a whole number of at least 1, written in digits, such as page=2.',
    )
  }
  return page
}

/** The address of another page of the same list: `page` first, then the applied filters, percent-encoded. */
export function listPageUrl(base: string, collection: AnyCollection, page: number, query: ListQuery): string {
  let url = `${base}${collection.listPath}?page=${page}`
  for (const [field, value] of query.filters) url += `&${field}=${encodeURIComponent(value)}`
  return url
}
