import { locations } from '../../catalogue'
import { RecordRoute } from '../../components/record/RecordRoute'
import type { RecordConfigOf } from '../../components/record/record-config'
import { locationQueries } from './queries'

const config: RecordConfigOf<typeof locations> = {
  collection: locations,
  queries: locationQueries,
  related: { episodes: 'Episodes its residents appear in' },
}

export default function LocationRecordRoute() {
  return <RecordRoute config={config} />
}
