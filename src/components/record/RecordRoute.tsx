import { useParams } from 'react-router-dom'
import { type CollectionName, collections, parseIdSelection } from '../../catalogue'
import { PageHeading } from '../layout/PageHeading'
import { usePageTitle } from '../layout/use-page-title'
import { RecordCompare } from './RecordCompare'
import { RecordDetail } from './RecordDetail'
import { RecordNotFound } from './RecordNotFound'
import type { RecordConfig } from './record-config'
import './record.css'

/** `/locations/7` shows one record, `/locations/1,5,9` or `/locations/[2,3]` compares several; anything else is not found. */
export function RecordRoute<C extends CollectionName>({ config }: { config: RecordConfig<C> }) {
  const { ids = '' } = useParams()
  const parsed = parseIdSelection(ids)
  if (!parsed.ok) return <InvalidIds collection={config.collection} />
  const { selection } = parsed
  return selection.kind === 'one' ? (
    <RecordDetail key={selection.id} config={config} id={selection.id} />
  ) : (
    <RecordCompare config={config} ids={selection.ids} />
  )
}

function InvalidIds({ collection }: { collection: CollectionName }) {
  const { notFound, singular, plural } = collections[collection]
  usePageTitle(notFound)
  return (
    <div className="record-page">
      <PageHeading>{notFound}</PageHeading>
      <RecordNotFound singular={singular} plural={plural} listPath={`/${collection}`} />
    </div>
  )
}
