/** Every way a crawl can stop short, as one type a caller can switch on. */
export type CrawlErrorKind =
  | 'unauthorized'
  | 'network'
  | 'server'
  | 'rateLimited'
  | 'badRequest'
  | 'notFound'
  | 'invalidPage'
  | 'changed'
  | 'redirected'
  | 'tooLarge'
  | 'timeout'

/**
 * A crawl that cannot go on. The message is one sentence built from our own words, the status and the list; it
 * never holds the key (a service's own sentence is only kept with the key removed).
 */
export class CrawlError extends Error {
  override name = 'CrawlError'
  readonly kind: CrawlErrorKind
  readonly status: number | undefined

  constructor(kind: CrawlErrorKind, message: string, status?: number) {
    super(message)
    this.kind = kind
    this.status = status
  }
}

export function isCrawlError(error: unknown): error is CrawlError {
  return error instanceof CrawlError
}
