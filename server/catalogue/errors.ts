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
