import type { ListConfig } from '../../components/list/ListPage'
import { ListPage } from '../../components/list/ListPage'
import { countText, formatAirDate } from '../../lib/format'
import { episodeQueries } from './queries'

const config: ListConfig<'episodes'> = {
  collection: 'episodes',
  title: 'Episodes',
  queries: episodeQueries,
  fields: {
    name: { label: 'Name' },
    episode: { label: 'Episode code', hint: 'A season such as S02, or one episode such as S02E03' },
  },
  columns: [
    { header: 'Code', cell: (episode) => <span className="code">{episode.episode}</span> },
    { header: 'Name', isName: true },
    { header: 'Air date', cell: (episode) => formatAirDate(episode.air_date), secondary: true },
    {
      header: 'Characters',
      cell: (episode) => episode.characters.length,
      inline: (episode) => countText(episode.characters.length, 'character', 'characters'),
      numeric: true,
      secondary: true,
    },
  ],
}

export default function EpisodesListRoute() {
  return <ListPage config={config} />
}
