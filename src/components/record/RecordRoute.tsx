import { useParams } from 'react-router-dom'
import { type ApiRecord, type CollectionView, MAX_IDS, parseIdSelection } from '../../catalogue'
import { PageHeading } from '../layout/PageHeading'
import { usePageTitle } from '../layout/use-page-title'
import { BackLink } from '../links/BackLink'
import { RecordCompare } from './RecordCompare'
import { RecordDetail } from './RecordDetail'
import { RecordNotFound } from './RecordNotFound'
import type { RecordConfig } from './record-config'
import './record.css'

/** `/locations/7` shows one record, `/locations/1,5,9` or `/locations/[2,3]` compares several; anything else is not found. */
export function RecordRoute<R extends ApiRecord, F extends string>({
  config,
}: {
  config: RecordConfig<R, F>
}) {
  const { ids = '' } = useParams()
  const parsed = parseIdSelection(ids)
  if (!parsed.ok) return <InvalidIds collection={config.collection} tooMany={parsed.reason === 'tooMany'} />
  const { selection } = parsed
  return selection.kind === 'one' ? (
    <RecordDetail key={selection.id} config={config} id={selection.id} />
  ) : (
    <RecordCompare config={config} ids={selection.ids} />
  )
}

/** An address whose ids cannot be read: not found, or more than one comparison holds. */
function InvalidIds({
  collection,
  tooMany,
}: {
  collection: Pick<CollectionView, 'labels' | 'appPath'>
  tooMany: boolean
}) {
  const { notFound, singular, plural } = collection.labels
  const title = tooMany ? `Too many ${plural} to compare` : notFound
  usePageTitle(title)
  return (
    <div className="record-page">
      <BackLink listPath={collection.appPath} plural={plural} />
      <PageHeading>{title}</PageHeading>
      {tooMany ? (
        <p className="state">
          A comparison shows at most {MAX_IDS} {plural}. Choose fewer and open them again.
        </p>
      ) : (
        <RecordNotFound singular={singular} plural={plural} listPath={collection.appPath} />
      )}
    </div>
  )
}
