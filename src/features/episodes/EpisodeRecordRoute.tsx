import { episodes, parseEpisodeCode } from '../../catalogue'
import { RecordRoute } from '../../components/record/RecordRoute'
import type { RecordConfigOf } from '../../components/record/record-config'
import { formatAirDate } from '../../lib/format'
import { episodeQueries } from './queries'

const config: RecordConfigOf<typeof episodes> = {
  collection: episodes,
  queries: episodeQueries,
  related: { locations: 'Where its characters live' },
  present: {
    // The code, then the season and episode numbers it holds.
    episode: (episode, label) => {
      const code = parseEpisodeCode(episode.episode)
      return [
        { term: label, value: episode.episode },
        { term: 'Season', value: code ? String(code.season) : '' },
        { term: 'Episode', value: code ? String(code.episode) : '' },
      ]
    },
    air_date: (episode, label) => [{ term: label, value: formatAirDate(episode.air_date) }],
  },
}

export default function EpisodeRecordRoute() {
  return <RecordRoute config={config} />
}
