/**
 * The catalogue's version (contract §13): every answer of the API names the version of the catalogue it was
 * read from, an opaque token (the same catalogue always has the same one, another catalogue another), so that
 * a client keeping a copy of the catalogue can tell it was built from another.
 */
export const CATALOGUE_VERSION_HEADER = 'Catalogue-Version'

/**
 * Whether a copy read from `copyVersion` is stale: the service has been heard to serve another version. Not
 * stale when either is unknown (a service that names none; a copy read before versions were kept).
 */
export const isStale = (copyVersion: string | null, heard: string | null | undefined): boolean =>
  copyVersion !== null && typeof heard === 'string' && heard !== copyVersion
