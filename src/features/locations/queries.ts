import { locations } from '../../catalogue'
import { collectionQueries } from '../../lib/page/collection-queries'

/**
 * Keys `[service, 'locations', 'list', filters, page]`, `[service, 'locations', 'detail', id]` (service: the
 * client's base URL, '' for this site's own) and their query options.
 */
export const locationQueries = collectionQueries(locations)
