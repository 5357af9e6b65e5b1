/**
 * A request the catalogue cannot answer, in the domain's words: `invalid` (a malformed parameter or id list)
 * or `not-found` (an unknown record, a page beyond the last). The HTTP layer maps them to 400 and 404.
 */
export class CatalogueError extends Error {
  constructor(
    readonly kind: 'invalid' | 'not-found',
    message: string,
  ) {
    super(message)
    this.name = 'CatalogueError'
  }
}

/**
 * The store cannot answer in time (its database is down, paused or slower than the deadline): the one 5xx a
 * client may see (contract §12), a 503 with `Retry-After`. The message says so without naming the database.
 */
export class StoreUnavailableError extends Error {
  constructor(
    message = 'The catalogue cannot be read right now: its database did not answer in time. Try again in a few seconds.',
    /** Seconds after which asking again makes sense. */
    readonly retryAfter = 5,
  ) {
    super(message)
    this.name = 'StoreUnavailableError'
  }
}
