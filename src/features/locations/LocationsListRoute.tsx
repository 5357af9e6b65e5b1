import type { ListConfig } from '../../components/list/ListPage'
import { ListPage } from '../../components/list/ListPage'
import { locationQueries } from './queries'

const config: ListConfig<'locations'> = {
  collection: 'locations',
  title: 'Locations',
  queries: locationQueries,
  fields: {
    name: { label: 'Name' },
    type: { label: 'Type' },
    dimension: { label: 'Dimension' },
  },
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
