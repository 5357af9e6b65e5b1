import { locations } from '../../catalogue'
import { type ListConfigOf, ListPage } from '../../components/list/ListPage'
import { locationQueries } from './queries'

const config: ListConfigOf<typeof locations> = {
  collection: locations,
  queries: locationQueries,
  columns: [
    { header: 'Name', isName: true },
    { header: 'Type', cell: (location) => location.type, secondary: true },
    { header: 'Dimension', cell: (location) => location.dimension, secondary: true },
    { header: 'Residents', cell: (location) => location.residents.length, numeric: true },
  ],
}

export default function LocationsListRoute() {
  return <ListPage config={config} />
}
