import { parseEpisodeCode } from '../../catalogue'
import { CharacterNumbers } from '../../components/record/CharacterNumbers'
import { RecordRoute } from '../../components/record/RecordRoute'
import type { RecordConfig } from '../../components/record/record-config'
import { formatAirDate, formatCreated } from '../../lib/format'
import { episodeQueries } from './queries'

const config: RecordConfig<'episodes'> = {
  collection: 'episodes',
  queries: episodeQueries,
  fields: (episode) => {
    const code = parseEpisodeCode(episode.episode)
    return [
      { term: 'Episode code', value: episode.episode },
      { term: 'Season', value: code ? String(code.season) : '' },
      { term: 'Episode', value: code ? String(code.episode) : '' },
      { term: 'Air date', value: formatAirDate(episode.air_date) },
      {
        term: 'Characters',
        value: (
          <CharacterNumbers
            urls={episode.characters}
            singular="character"
            plural="characters"
            listLabel="Character numbers"
          />
        ),
      },
      { term: 'Created', value: <time dateTime={episode.created}>{formatCreated(episode.created)}</time> },
    ]
  },
}

export default function EpisodeRecordRoute() {
  return <RecordRoute config={config} />
}
