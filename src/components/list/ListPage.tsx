import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useLocation, useNavigate, useRevalidator } from 'react-router-dom'
import { useCatalogueClient } from '../../api/client-context'
import { listRequestPath } from '../../api/request-paths'
import {
  type ApiRecord,
  type CollectionView,
  type FilterName,
  formatIdList,
  type RecordOf,
} from '../../catalogue'
import { CatalogueIndexStatus, ListExport } from '../../catalogue-index/components/CatalogueIndexStatus'
import type { CollectionQueries } from '../../lib/collection-queries'
import { listSummary } from '../../lib/format'
import { activeFilters, emptyFilters, filterKey, hasFilters, listSearch } from '../../lib/list-url'
import { ApiDisclosure } from '../api/ApiDisclosure'
import { PageHeading } from '../layout/PageHeading'
import { usePageTitle } from '../layout/use-page-title'
import type { BackState } from '../links/back-state'
import { Pagination } from '../pagination/Pagination'
import { SavedViewsMenu } from '../saved-views/SavedViewsMenu'
import { LoadingBar } from '../states/LoadingBar'
import { QueryErrorState, RetryNotice } from '../states/QueryErrorState'
import { ContainsNote } from './ContainsNote'
import { EmptyState } from './EmptyState'
import { type FilterField, FilterForm, focusFilters } from './FilterForm'
import { type Column, ResultsTable } from './ResultsTable'
import { SelectionActions } from './SelectionActions'
import { useListUrl, type WriteHow } from './use-list-url'
import { useRowSelection } from './use-row-selection'
import './list.css'

/** What a collection's list page adds to the collection's definition: its columns and filter hints. */
export type ListConfig<R extends ApiRecord, F extends string> = {
  collection: CollectionView<R, F>
  queries: CollectionQueries<R, F>
  /** A hint under a filter field, where its label alone does not say what to type. */
  hints?: Partial<Record<F, string>>
  columns: readonly Column<R>[]
}

/** The list config of a defined collection: `ListConfigOf<typeof locations>`. */
export type ListConfigOf<C> = ListConfig<RecordOf<C>, FilterName<C>>

/** One collection's list: filter form, summary, table with selection, pagination; all state in the URL. */
export function ListPage<R extends ApiRecord, F extends string>({ config }: { config: ListConfig<R, F> }) {
  const { collection, queries, columns, hints } = config
  const { filters: names, filterLabels, filterShorthands } = collection
  const { singular, plural, title } = collection.labels
  // In the contract's order.
  const fields = useMemo(
    (): FilterField<F>[] => names.map((name) => ({ name, label: filterLabels[name], hint: hints?.[name] })),
    [names, filterLabels, hints],
  )
  const client = useCatalogueClient()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const url = useListUrl<F>(names, filterShorthands)
  const { write } = url
  const { filters, page } = url.state
  const filtersKey = filterKey(filters)
  const requestFilters = useMemo(() => activeFilters(filters), [filters])

  const query = useQuery(queries.list(client, requestFilters, page))
  // The catalogue's own count, for the heading: the same query as the list's when nothing is filtered.
  const total = useQuery(queries.list(client, {}, 1)).data?.info.count
  const revalidator = useRevalidator()
  const { data } = query
  // The rows on screen are not those of the address: another page or other filters are on their way.
  const showingOld = query.isPlaceholderData || url.pending
  const fetching = query.isFetching || url.pending || revalidator.state === 'loading'

  const writeFilters = useCallback(
    (next: Record<F, string>, how: WriteHow) => {
      // A change of filter starts again at page 1; the same filters written again keep the page.
      const same = filterKey(next) === filterKey(url.asked.filters)
      write({ filters: next, page: same ? url.asked.page : 1 }, how)
    },
    [write, url.asked],
  )
  const firstField = useRef<HTMLInputElement>(null)
  const clearFilters = () => {
    write({ filters: emptyFilters(names), page: 1 }, 'commit')
    focusFilters(firstField.current)
  }
  const resultsTop = useRef<HTMLDivElement>(null)
  const pageSearch = (target: number) => listSearch({ filters, page: target }, names, filterShorthands)
  const showingNewPage = () => {
    // Paging from the foot of a long page: bring the new rows (and the progress bar) into view.
    const top = resultsTop.current
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' })
  }
  const goToPage = (next: number) => {
    write({ filters, page: next }, 'commit')
    showingNewPage()
  }

  // Once a page is shown: its rows seed the detail cache, and the next page is fetched ahead.
  useEffect(() => {
    if (!data || query.isPlaceholderData) return
    queries.seedDetails(queryClient, data.results)
    if (page < data.info.pages) void queryClient.prefetchQuery(queries.list(client, requestFilters, page + 1))
  }, [data, query.isPlaceholderData, page, queries, queryClient, client, requestFilters])

  // Ticks are kept while paging through the same filters, so records from several pages can be compared.
  const selection = useRowSelection(filtersKey)

  usePageTitle(page > 1 ? `${title}, page ${page}` : title)
  const filtered = hasFilters(filters)
  const firstLoad = !data && query.isPending
  // While another page loads, the rows on screen are the previous page's: the summary must not say otherwise.
  const summary =
    firstLoad || showingOld
      ? `Loading ${plural}…`
      : data
        ? listSummary(data.info.count, page, data.results.length, { singular, plural, filtered })
        : ''
  const empty = !!data && data.info.count === 0 && !showingOld && !query.isError
  const backHere: BackState = { backTo: `${location.pathname}${location.search}`, backLabel: plural }

  return (
    <div className="list-page">
      <div className="page-head">
        <PageHeading>{title}</PageHeading>
        {/* The catalogue's count, whatever the filters, the page or a failure: the line is always there. */}
        <p className="page-lede">
          {total !== undefined &&
            `${total.toLocaleString()} ${total === 1 ? singular : plural} in the catalogue`}
        </p>
      </div>

      <FilterForm
        label={`Filter ${plural}`}
        fields={fields}
        fromUrl={url.asked.filters}
        urlKey={url.askedKey}
        onWrite={writeFilters}
        firstFieldRef={firstField}
      />

      <div className="list-toolbar" ref={resultsTop}>
        {/* An empty result's heading says the same: the sentence is then for screen readers only. */}
        <p className={empty ? 'visually-hidden' : 'list-summary'} role="status" aria-live="polite">
          {summary}
        </p>
        {/* Its place is kept while the first page loads, as the selection bar's is. */}
        {(firstLoad || (data && data.info.count > 0)) && (
          <div className="export-slot">
            {data && <ListExport collection={collection} filters={requestFilters} />}
          </div>
        )}
        <SavedViewsMenu listPath={collection.appPath} search={location.search} plural={plural} />
        {/* Also while the first page loads, so that the rows' arrival moves nothing. */}
        {(firstLoad || (data && data.info.count > 0)) && (
          <SelectionActions
            ids={selection.ids}
            onClear={selection.clear}
            onCompare={() =>
              navigate(`${collection.appPath}/${formatIdList(selection.ids)}`, { state: backHere })
            }
          />
        )}
      </div>
      <RetryNotice failureReason={query.isFetching ? query.failureReason : null} />
      <ContainsNote filters={filters} labels={filterLabels} plural={plural} />

      <div className="progress-slot">{fetching && <LoadingBar label="Loading results" />}</div>

      {query.isError && !url.pending ? (
        // Retry runs the loader again: it asks again, and corrects the address if the answer says so.
        <QueryErrorState
          error={query.error}
          onRetry={() => void revalidator.revalidate()}
          retrying={fetching}
        />
      ) : empty ? (
        <EmptyState plural={plural} filtered={filtered} onClear={clearFilters} />
      ) : (
        <>
          <ResultsTable
            caption={title}
            columns={columns}
            rows={data?.results}
            busy={fetching}
            hrefOf={(record) => `${collection.appPath}/${record.id}`}
            linkState={backHere}
            selected={selection.selected}
            onToggle={selection.toggle}
          />
          {data && (
            <Pagination
              page={page}
              pages={data.info.pages}
              hrefOf={pageSearch}
              onFollow={showingNewPage}
              onPage={goToPage}
            />
          )}
        </>
      )}
      {/* Under the list on every screen, where its changing length (building, then done) moves nothing the
          reader looks at, and its place in the tab order is where it is seen. */}
      <CatalogueIndexStatus ready={!!data} />
      <ApiDisclosure paths={[listRequestPath(collection, requestFilters, page)]} />
    </div>
  )
}
