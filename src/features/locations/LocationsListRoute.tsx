import { locations } from '../../catalogue'
import { ListPage } from '../../components/list/ListPage'
import type { ListConfigOf } from '../../components/list/list-config'
import { locationQueries } from './queries'

const config: ListConfigOf<typeof locations> = {
  collection: locations,
  queries: locationQueries,
  cells: {
    type: { secondary: true },
    dimension: { secondary: true },
  },
}

export default function LocationsListRoute() {
  return <ListPage config={config} />
}
