import { episodes } from '../../catalogue'
import { type ListConfigOf, ListPage } from '../../components/list/ListPage'
import { countText, formatAirDate } from '../../lib/format'
import { episodeQueries } from './queries'

const config: ListConfigOf<typeof episodes> = {
  collection: episodes,
  queries: episodeQueries,
  hints: { episode: 'A season such as S02, or one episode such as S02E03' },
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
