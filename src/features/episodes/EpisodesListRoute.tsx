import { episodes } from '../../catalogue'
import { ListPage } from '../../components/list/ListPage'
import type { ListConfigOf } from '../../components/list/list-config'
import { countText } from '../../lib/wording'
import { episodeQueries } from './queries'

const config: ListConfigOf<typeof episodes> = {
  collection: episodes,
  queries: episodeQueries,
  hints: { episode: 'A season such as S02, or one episode such as S02E03' },
  cells: {
    episode: { header: 'Code', cell: (episode) => <span className="code">{episode.episode}</span> },
    air_date: { secondary: true },
    characters: {
      inline: (episode) => countText(episode.characters.length, 'character', 'characters'),
      secondary: true,
    },
  },
}

export default function EpisodesListRoute() {
  return <ListPage config={config} />
}
