import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useLocation, useNavigate, useRevalidator } from 'react-router-dom'
import { useCatalogueClient } from '../../api/connection-in-use'
import {
  type ApiRecord,
  appliedFilterValues,
  type CollectionView,
  type FilterName,
  formatIdList,
  listRequestPath,
  type RecordOf,
} from '../../catalogue'
import { CatalogueIndexStatus, ListExport } from '../../catalogue-index/components/CatalogueIndexStatus'
import { listViewOf, useListView } from '../../catalogue-index/hooks/use-list-view'
import type { CollectionQueries } from '../../lib/collection-queries'
import { EMPTY_DATA_VIEW, needsIndex } from '../../lib/data-view-url'
import { grouped, listSummary } from '../../lib/format'
import { emptyFilters, filterKey, hasFilters, listSearch } from '../../lib/list-url'
import { ApiDisclosure } from '../api/ApiDisclosure'
import { PageHeading } from '../layout/PageHeading'
import { usePageTitle } from '../layout/use-page-title'
import type { BackState } from '../links/back-state'
import { Pagination } from '../pagination/Pagination'
import { SavedViewsMenu } from '../saved-views/SavedViewsMenu'
import { LoadingBar } from '../states/LoadingBar'
import { QueryErrorState, RetryNotice } from '../states/QueryErrorState'
import { ChosenValues } from './data-tool/ChosenValues'
import { ColumnChooser } from './data-tool/ColumnChooser'
import { FacetPanel } from './data-tool/FacetPanel'
import { IndexNeeded } from './data-tool/IndexNeeded'
import { RangeFields } from './data-tool/RangeFields'
import { useViewControls } from './data-tool/use-view-controls'
import './data-tool/data-tool.css'
import { EmptyState } from './EmptyState'
import { type FilterField, FilterForm, focusFilters } from './FilterForm'
import { type CellOverrides, listColumns, shownFields } from './list-columns'
import { ResultsTable } from './ResultsTable'
import { SelectionActions } from './SelectionActions'
import { useListUrl, type WriteHow } from './use-list-url'
import { useRowSelection } from './use-row-selection'
import './list.css'

/** What a collection's list page adds to the collection's definition: how some cells show, filter hints. */
export type ListConfig<R extends ApiRecord, F extends string> = {
  collection: CollectionView<R, F>
  queries: CollectionQueries<R, F>
  /** A hint under a filter field, where its label alone does not say what to type. */
  hints?: Partial<Record<F, string>>
  /** Cells shown otherwise than their column's kind says (see list-columns.tsx). */
  cells?: CellOverrides<R>
}

/** The list config of a defined collection: `ListConfigOf<typeof locations>`. */
export type ListConfigOf<C> = ListConfig<RecordOf<C>, FilterName<C>>

/**
 * One collection's list: filter form, facets and ranges, summary, table with sortable headers and selection,
 * pagination; all state in the URL. The service answers the specification's filters and pages; a view with a
 * sort, facet values or ranges is answered by the catalogue index (which also counts the facets).
 */
export function ListPage<R extends ApiRecord, F extends string>({ config }: { config: ListConfig<R, F> }) {
  const { collection, queries, cells, hints } = config
  const { filters: names, filterLabels } = collection
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
  const url = useListUrl<F>(collection)
  const { write } = url
  const { filters, page, view } = url.state
  const filtersKey = filterKey(filters)
  const requestFilters = useMemo(() => appliedFilterValues(names, filters), [names, filters])
  const indexed = needsIndex(view)

  const query = useQuery({ ...queries.list(client, requestFilters, page), enabled: !indexed })
  // The index's answer: the rows of a view it alone can answer, and the facets' counts of every view.
  const indexView = useListView(collection, requestFilters, view, indexed ? page : 1)
  const columns = useMemo(
    () => listColumns(collection.columns, view.columns, cells),
    [collection.columns, view.columns, cells],
  )
  // The catalogue's own count, for the heading: the same query as the list's when nothing is filtered.
  const total = useQuery(queries.list(client, {}, 1)).data?.info.count
  const revalidator = useRevalidator()
  const data = indexed ? indexView.page : query.data
  const waitingForIndex = indexed && !indexView.complete
  // The rows on screen are not those of the address: another page or other filters are on their way.
  const showingOld = (indexed ? indexView.previous : query.isPlaceholderData) || url.pending
  const fetching =
    (indexed ? indexView.fetching : query.isFetching) || url.pending || revalidator.state === 'loading'
  const failed = indexed ? indexView.error !== null : query.isError

  const writeFilters = useCallback(
    (next: Record<F, string>, how: WriteHow) => {
      // A change of filter starts again at page 1; the same filters written again keep the page.
      const same = filterKey(next) === filterKey(url.asked.filters)
      write({ filters: next, page: same ? url.asked.page : 1, view: url.asked.view }, how)
    },
    [write, url.asked],
  )
  const controls = useViewControls(collection, url.asked, location.search, (next) => write(next, 'commit'))
  const shownView = controls.shown
  const firstField = useRef<HTMLInputElement>(null)
  const clearFilters = () => {
    write({ filters: emptyFilters(names), page: 1, view: { ...view, facets: {}, ranges: {} } }, 'commit')
    focusFilters(firstField.current)
  }
  const resultsTop = useRef<HTMLDivElement>(null)
  const pageSearch = (target: number) => listSearch({ filters, page: target, view }, collection)
  const withoutView = `${location.pathname}${listSearch({ filters, page: 1, view: { ...EMPTY_DATA_VIEW, columns: view.columns } }, collection)}`
  const showingNewPage = () => {
    // Paging from the foot of a long page: bring the new rows (and the progress bar) into view.
    const top = resultsTop.current
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' })
  }
  const goToPage = (next: number) => {
    write({ filters, page: next, view }, 'commit')
    showingNewPage()
  }

  // Once a page is shown: its rows seed the detail cache, and the next page is fetched ahead.
  const serviceData = indexed ? undefined : query.data
  useEffect(() => {
    if (!serviceData || query.isPlaceholderData) return
    queries.seedDetails(queryClient, client, serviceData.results)
    if (page < serviceData.info.pages)
      void queryClient.prefetchQuery(queries.list(client, requestFilters, page + 1))
  }, [serviceData, query.isPlaceholderData, page, queries, queryClient, client, requestFilters])
  // A page of an indexed view beyond its last goes to the last, as the service's pages do (list-loader.ts).
  const indexedPages = indexed && indexView.page && !indexView.previous ? indexView.page.info.pages : 0
  useEffect(() => {
    if (indexedPages > 0 && page > indexedPages)
      navigate(listSearch({ filters, page: indexedPages, view }, collection) || '?', { replace: true })
  }, [indexedPages, page, filters, view, collection, navigate])

  // Ticks are kept while paging through the same filters, so records from several pages can be compared.
  const selection = useRowSelection(filtersKey)

  usePageTitle(page > 1 ? `${title}, page ${page}` : title)
  const chosen = Object.keys(view.facets).length > 0 || Object.keys(view.ranges).length > 0
  const filtered = hasFilters(filters) || chosen
  const firstLoad = !data && !failed && !waitingForIndex
  // While another page loads, the rows on screen are the previous page's: the summary must not say otherwise.
  const summary =
    firstLoad || showingOld
      ? `Loading ${plural}…`
      : data
        ? listSummary(data.info.count, page, data.results.length, { singular, plural, filtered })
        : ''
  const empty = !!data && data.info.count === 0 && !showingOld && !failed
  const backTo = `${location.pathname}${location.search}`
  const backHere: BackState = useMemo(() => ({ backTo, backLabel: plural }), [backTo, plural])
  const recordHref = useCallback((record: R) => `${collection.appPath}/${record.id}`, [collection.appPath])

  return (
    <div className="list-page">
      <div className="page-head">
        <PageHeading>{title}</PageHeading>
        {/* The catalogue's count, whatever the filters, the page or a failure: the line is always there. */}
        <p className="page-lede">
          {total !== undefined && `${grouped(total)} ${total === 1 ? singular : plural} in the catalogue`}
        </p>
      </div>

      <FilterForm
        label={`Filter ${plural}`}
        fields={fields}
        fromUrl={url.asked.filters}
        urlKey={url.askedKey}
        onWrite={writeFilters}
        firstFieldRef={firstField}
        chosen={controls.choices.length}
      >
        <div className="view-choices">
          {collection.facets.length > 0 && (
            <FacetPanel
              facets={collection.facets}
              counts={indexView.complete ? (indexView.page?.facets ?? null) : null}
              chosen={shownView.facets}
              onToggle={controls.toggleFacet}
              countedAt={indexView.status?.updatedAt ?? null}
            />
          )}
          <RangeFields columns={collection.columns} ranges={shownView.ranges} onChange={controls.setRange} />
        </div>
      </FilterForm>
      {/* The view's own row: its choices, and the tools that shape and keep it. */}
      <div className="view-bar">
        <ChosenValues choices={controls.choices} onClearAll={controls.removeChoices} />
        <div className="view-tools">
          <ColumnChooser
            columns={collection.columns}
            shown={shownFields(collection.columns, shownView.columns)}
            fixed="name"
            onChange={controls.setColumns}
          />
          <SavedViewsMenu listPath={collection.appPath} search={location.search} plural={plural} />
        </div>
      </div>

      <div className="list-toolbar" ref={resultsTop}>
        {/* An empty result's heading says the same: the sentence is then for screen readers only. */}
        <p className={empty ? 'visually-hidden' : 'list-summary'} role="status" aria-live="polite">
          {summary}
        </p>
        {/* Its place is kept while the first page loads, as the selection bar's is. */}
        {(firstLoad || (data && data.info.count > 0)) && (
          <div className="export-slot">
            {data && (
              <ListExport
                collection={collection}
                filters={requestFilters}
                view={
                  indexed || view.columns
                    ? { view: listViewOf(requestFilters, view, collection.columns), columns: view.columns }
                    : null
                }
              />
            )}
          </div>
        )}
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
      <RetryNotice failureReason={!indexed && query.isFetching ? query.failureReason : null} />

      <div className="progress-slot">{fetching && <LoadingBar label="Loading results" />}</div>

      {waitingForIndex ? (
        <IndexNeeded answer={indexView} withoutView={withoutView} />
      ) : failed && !url.pending ? (
        // Retry runs the loader again: it asks again, and corrects the address if the answer says so.
        <QueryErrorState
          error={indexed ? indexView.error : query.error}
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
            hrefOf={recordHref}
            linkState={backHere}
            selected={selection.selected}
            onToggle={selection.toggle}
            sort={shownView.sort}
            onSort={controls.sortBy}
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
      <CatalogueIndexStatus ready={!!data || waitingForIndex} />
      <ApiDisclosure paths={[listRequestPath(collection, requestFilters, page)]} />
    </div>
  )
}
