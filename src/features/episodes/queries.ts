import { episodes } from '../../catalogue'
import { collectionQueries } from '../../lib/page/collection-queries'

/**
 * Keys `[service, 'episodes', 'list', filters, page]`, `[service, 'episodes', 'detail', id]` (service: the
 * client's base URL, '' for this site's own) and their query options.
 */
export const episodeQueries = collectionQueries(episodes)
