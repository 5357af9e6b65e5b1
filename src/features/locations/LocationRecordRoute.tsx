import { CharacterNumbers } from '../../components/record/CharacterNumbers'
import { RecordRoute } from '../../components/record/RecordRoute'
import type { RecordConfig } from '../../components/record/record-config'
import { formatCreated } from '../../lib/format'
import { locationQueries } from './queries'

const config: RecordConfig<'locations'> = {
  collection: 'locations',
  queries: locationQueries,
  fields: (location) => [
    { term: 'Type', value: location.type },
    { term: 'Dimension', value: location.dimension },
    {
      term: 'Residents',
      value: (
        <CharacterNumbers
          urls={location.residents}
          singular="resident"
          plural="residents"
          listLabel="Resident character numbers"
        />
      ),
    },
    { term: 'Created', value: <time dateTime={location.created}>{formatCreated(location.created)}</time> },
  ],
}

export default function LocationRecordRoute() {
  return <RecordRoute config={config} />
}
