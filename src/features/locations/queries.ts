import { locations } from '../../catalogue'
import { collectionQueries } from '../../lib/collection-queries'

/** Keys `['locations', 'list', filters, page]`, `['locations', 'detail', id]` and their query options. */
export const locationQueries = collectionQueries(locations)
