import { useQuery } from '@tanstack/react-query'
import { useCatalogueClient } from '../../api/connection-in-use'
import { isApiError } from '../../api/errors'
import { recordsRequestPath } from '../../api/request-paths'
import type { ApiRecord } from '../../catalogue'
import { titleCase } from '../../lib/wording'
import { ApiDisclosure } from '../api/ApiDisclosure'
import { PageHeading } from '../layout/PageHeading'
import { usePageTitle } from '../layout/use-page-title'
import { BackLink } from '../links/BackLink'
import { LoadingBar } from '../states/LoadingBar'
import { QueryErrorState, RetryNotice } from '../states/QueryErrorState'
import { FieldList } from './FieldList'
import { RecordNotFound } from './RecordNotFound'
import RelatedRecords from './RelatedRecords'
import type { RecordConfig } from './record-config'
import { recordFields } from './record-fields'

export function RecordDetail<R extends ApiRecord, F extends string>({
  config,
  id,
}: {
  config: RecordConfig<R, F>
  id: number
}) {
  const { collection, queries } = config
  const { singular, plural, notFound } = collection.labels
  const client = useCatalogueClient()
  const query = useQuery(queries.detail(client, id))
  const missing = isApiError(query.error) && query.error.kind === 'notFound'
  const title = query.data?.name ?? (missing ? notFound : `${titleCase(singular)} #${id}`)
  usePageTitle(title)
  const listPath = collection.appPath

  return (
    <div className="record-page">
      <BackLink listPath={listPath} plural={plural} />
      <PageHeading>{title}</PageHeading>
      {query.data ? (
        <article className="record-card" aria-label={`${titleCase(singular)} details`}>
          <p className="record-id">
            {titleCase(singular)} #{query.data.id}
          </p>
          <FieldList fields={recordFields(config, query.data)} />
        </article>
      ) : missing ? (
        <RecordNotFound singular={singular} plural={plural} listPath={listPath} />
      ) : query.isError ? (
        <QueryErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="record-card" aria-busy="true">
          <LoadingBar label={`Loading ${singular}`} />
          <RetryNotice failureReason={query.failureReason} />
          <div aria-hidden="true">
            {[1, 2, 3, 4].map((row) => (
              <div key={row} className="field-row">
                <span className="skeleton" />
                <span className="skeleton" />
              </div>
            ))}
          </div>
        </div>
      )}
      <ApiDisclosure paths={[recordsRequestPath(collection, [id])]} />
      {query.data && config.related && (
        // Last on the page: it fills in from the catalogue index after the record, and growing at the end
        // moves nothing above it. Part of the record page's code (not a chunk of its own), so it arrives with
        // the page, ahead of time.
        <RelatedRecords collection={collection} record={query.data} headings={config.related} />
      )}
    </div>
  )
}
