import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { useCatalogueClient } from '../../api/client-context'
import { recordsRequestPath } from '../../api/request-paths'
import type { ApiRecord } from '../../catalogue'
import { idList, titleCase } from '../../lib/format'
import { ApiDisclosure } from '../api/ApiDisclosure'
import { PageHeading } from '../layout/PageHeading'
import { usePageTitle } from '../layout/use-page-title'
import { BackLink } from '../links/BackLink'
import { type BackState, ignoreRepeatedClick } from '../links/back-state'
import { LoadingBar } from '../states/LoadingBar'
import { QueryErrorState, RetryNotice } from '../states/QueryErrorState'
import { FieldList } from './FieldList'
import type { RecordConfig } from './record-config'
import { recordFields } from './record-fields'

/** Several records side by side, fetched with one multi-id request. */
export function RecordCompare<R extends ApiRecord, F extends string>({
  config,
  ids,
}: {
  config: RecordConfig<R, F>
  ids: number[]
}) {
  const { collection, queries } = config
  const { singular, plural } = collection.labels
  const client = useCatalogueClient()
  const queryClient = useQueryClient()
  const query = useQuery(queries.many(client, ids))
  const baseId = useId()
  const location = useLocation()
  const backHere: BackState = { backTo: `${location.pathname}${location.search}`, backLabel: 'comparison' }
  const title = `Compare ${plural}`
  usePageTitle(title)

  useEffect(() => {
    if (query.data) queries.seedDetails(queryClient, query.data)
  }, [query.data, queries, queryClient])

  const found = new Set(query.data?.map((record) => record.id))
  const missing = query.data ? ids.filter((id) => !found.has(id)) : []

  return (
    <div className="record-page">
      <BackLink listPath={collection.appPath} plural={plural} />
      <PageHeading>{title}</PageHeading>
      {ids.length === 0 ? (
        <p className="state">
          No {plural} were chosen. <Link to={collection.appPath}>Browse all {plural}</Link> and select some to
          compare.
        </p>
      ) : query.isError ? (
        <QueryErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !query.data ? (
        <>
          <LoadingBar label={`Loading ${plural}`} />
          <RetryNotice failureReason={query.failureReason} />
        </>
      ) : (
        <>
          {missing.length > 0 && <p className="compare-missing">Not found: {idList(missing)}</p>}
          <div className="compare-grid">
            {query.data.map((record) => {
              const headingId = `${baseId}-${record.id}`
              return (
                <article key={record.id} className="record-card" aria-labelledby={headingId}>
                  <h2 id={headingId}>
                    <Link
                      to={`${collection.appPath}/${record.id}`}
                      state={backHere}
                      onClick={ignoreRepeatedClick}
                    >
                      {record.name}
                    </Link>
                  </h2>
                  <p className="record-id">
                    {titleCase(singular)} #{record.id}
                  </p>
                  <FieldList fields={recordFields(config, record)} />
                </article>
              )
            })}
          </div>
        </>
      )}
      {ids.length > 0 && <ApiDisclosure paths={[recordsRequestPath(collection, ids)]} />}
    </div>
  )
}
