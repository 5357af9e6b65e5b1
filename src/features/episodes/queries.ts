import { episodes } from '../../catalogue'
import { collectionQueries } from '../../lib/collection-queries'

/** Keys `['episodes', 'list', filters, page]`, `['episodes', 'detail', id]` and their query options. */
export const episodeQueries = collectionQueries(episodes)
