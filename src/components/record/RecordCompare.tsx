import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useCatalogueClient } from '../../api/connection-in-use'
import { recordsRequestPath } from '../../api/request-paths'
import { type ApiRecord, formatIdList } from '../../catalogue'
import { characterPath } from '../../lib/character-path'
import { characterNumbers, idList, titleCase } from '../../lib/wording'
import { ApiDisclosure } from '../api/ApiDisclosure'
import { PageHeading } from '../layout/PageHeading'
import { usePageTitle } from '../layout/use-page-title'
import { BackLink } from '../links/BackLink'
import { type BackState, ignoreRepeatedClick } from '../links/back-state'
import { LoadingBar } from '../states/LoadingBar'
import { QueryErrorState, RetryNotice } from '../states/QueryErrorState'
import { AddFromSearch } from './AddFromSearch'
import { type CompareRow, type CompareSet, CompareTable } from './CompareTable'
import type { RecordConfig } from './record-config'
import { recordFields } from './record-fields'
import { useCompareFocus } from './use-compare-focus'

/** Several records in one table, fetched with one multi-id request; records can be removed and added. */
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
  // The records compared so far stay while an added one loads, and with them the field it was added from.
  const query = useQuery(queries.many(client, ids))
  const location = useLocation()
  const navigate = useNavigate()
  const backHere: BackState = { backTo: `${location.pathname}${location.search}`, backLabel: 'comparison' }
  const title = `Compare ${plural}`
  usePageTitle(title)

  useEffect(() => {
    if (query.data) queries.seedDetails(queryClient, client, query.data)
  }, [query.data, queries, queryClient, client])

  const focus = useCompareFocus(query.data && !query.isPlaceholderData ? ids.join(',') : null)
  const found = new Set(query.data?.map((record) => record.id))
  const missing = query.data ? ids.filter((id) => !found.has(id)) : []
  // The way back to the list stays with the comparison as records come and go.
  const compare = (next: number[]) =>
    void navigate(`${collection.appPath}/${formatIdList([...new Set(next)].sort((a, b) => a - b))}`, {
      state: location.state,
      preventScrollReset: true,
    })

  return (
    <div className="record-page compare-page" ref={focus.container}>
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
          <CompareTable
            caption={title}
            columns={query.data.map((record) => ({
              id: record.id,
              name: record.name,
              heading: (
                <>
                  <Link
                    to={`${collection.appPath}/${record.id}`}
                    state={backHere}
                    onClick={ignoreRepeatedClick}
                  >
                    {record.name}
                  </Link>
                  <span className="record-id">
                    {titleCase(singular)} #{record.id}
                  </span>
                </>
              ),
            }))}
            rows={compareRows(config, query.data)}
            sets={[characterSet(config, query.data, backHere)]}
            onRemove={
              query.data.length > 2
                ? (id) => {
                    focus.removing(query.data.findIndex((record) => record.id === id))
                    compare(ids.filter((other) => other !== id))
                  }
                : undefined
            }
          />
          <AddFromSearch
            config={config}
            present={new Set(ids)}
            onAdd={(id) => {
              focus.adding()
              compare([...ids, id])
            }}
          />
        </>
      )}
      {ids.length > 0 && <ApiDisclosure paths={[recordsRequestPath(collection, ids)]} />}
    </div>
  )
}

/** The record fields as rows, the character-link field left to its set. */
function compareRows<R extends ApiRecord, F extends string>(
  config: RecordConfig<R, F>,
  records: R[],
): CompareRow[] {
  const links = config.collection.characterLinks
  const skipped = config.collection.recordFields.find((field) => field.field === links.field)?.label
  const perRecord = records.map((record) =>
    recordFields(config, record).filter((field) => field.term !== skipped),
  )
  return (perRecord[0] ?? []).map((field, index) => ({
    label: field.term,
    values: perRecord.map((fields) => fields[index]?.value ?? ''),
  }))
}

function characterSet<R extends ApiRecord, F extends string>(
  config: RecordConfig<R, F>,
  records: R[],
  linkState: BackState,
): CompareSet {
  const links = config.collection.characterLinks
  const label =
    config.collection.recordFields.find((field) => field.field === links.field)?.label ?? links.plural
  return {
    label: titleCase(label),
    singular: links.singular,
    plural: links.plural,
    linkState,
    items: records.map((record) => {
      const value: unknown = record[links.field]
      const urls = Array.isArray(value) ? value.filter((url) => typeof url === 'string') : []
      return [...new Set(characterNumbers(urls))].map((id) => ({
        id,
        text: `#${id}`,
        label: `Character #${id}`,
        href: characterPath(id),
      }))
    }),
  }
}
