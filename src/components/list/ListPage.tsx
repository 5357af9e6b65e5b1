import { useCallback, useMemo, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { type ApiRecord, formatIdList, pageCount } from '../../catalogue'
import { EMPTY_DATA_VIEW } from '../../catalogue/views/parameters'
import { CatalogueIndexStatus, ListExport } from '../../catalogue-index/components/CatalogueIndexStatus'
import { indexedUnasked } from '../../catalogue-index/protocol/worker-api'
import { grouped } from '../../lib/format'
import { emptyFilters, filterKey, hasFilters, listSearch } from '../../lib/list-url'
import { listSummary } from '../../lib/wording'
import { ApiDisclosure } from '../api/ApiDisclosure'
import { PageHeading } from '../layout/PageHeading'
import { usePageTitle } from '../layout/use-page-title'
import type { BackState } from '../links/back-state'
import { SavedViewsMenu } from '../saved-views/SavedViewsMenu'
import { LoadingBar } from '../states/LoadingBar'
import { RetryNotice } from '../states/QueryErrorState'
import { ChosenValues } from './data-tool/ChosenValues'
import { ColumnChooser } from './data-tool/ColumnChooser'
import { FacetPanel } from './data-tool/FacetPanel'
import { RangeFields } from './data-tool/RangeFields'
import { reversedRangeOf } from './data-tool/reversed-range'
import { useViewControls } from './data-tool/use-view-controls'
import { useHeldWhile } from './use-held-while'
import './data-tool/data-tool.css'
import { EmptyState } from './EmptyState'
import { FilterForm, focusFilters } from './FilterForm'
import { ListResults } from './ListResults'
import { listColumns, shownFields } from './list-columns'
import { filterFields, type ListConfig } from './list-config'
import { SelectionActions } from './SelectionActions'
import { useListSource } from './use-list-source'
import { useListUrl, type WriteHow } from './use-list-url'
import { useRowSelection } from './use-row-selection'
import './list.css'

/**
 * One collection's list: filter form, facets and ranges, summary, table with sortable headers and selection,
 * pagination; all state in the URL. Its rows come from whoever answers the address (`useListSource`, by the
 * one rule of `src/lib/answerer.ts`).
 */
export function ListPage<R extends ApiRecord, F extends string>({ config }: { config: ListConfig<R, F> }) {
  const { collection, queries, cells, hints } = config
  const { singular, plural, title } = collection.labels
  const fields = useMemo(() => filterFields(collection, hints), [collection, hints])
  const navigate = useNavigate()
  const location = useLocation()
  const url = useListUrl<F>(collection)
  const { write } = url
  const { filters, page, view } = url.state
  const list = useListSource({ collection, queries }, url.state)
  const { page: data, waiting, total } = list
  const columns = useMemo(
    () => listColumns(collection.columns, view.columns, cells),
    [collection.columns, view.columns, cells],
  )
  // The rows on screen are not those of the address: another page or other filters are on their way.
  const showingOld = list.previous || url.pending
  const fetching = list.fetching || url.pending
  const failed = list.error !== null

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
    write(
      { filters: emptyFilters(collection.filters), page: 1, view: { ...view, facets: {}, ranges: {} } },
      'commit',
    )
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

  // Ticks are kept while paging through the same filters, so records from several pages can be compared.
  const selection = useRowSelection(filterKey(filters))

  usePageTitle(page > 1 ? `${title}, page ${page}` : title)
  const chosen = Object.keys(view.facets).length > 0 || Object.keys(view.ranges).length > 0
  const filtered = hasFilters(filters) || chosen
  const firstLoad = !data && !failed && !waiting
  // While another page loads, the rows on screen are the previous page's: the summary must not say otherwise.
  const summary =
    firstLoad || showingOld
      ? `Loading ${plural}…`
      : data
        ? listSummary(data.info.count, page, data.results.length, { singular, plural, filtered })
        : ''
  // A small catalogue is indexed unasked; where the service answers views, only once this list shows it is small
  // (a large one's index is a choice, and no page of it is read unasked). The worker checks every list.
  const autoIndex = !list.viewsAnswered || (total !== undefined && indexedUnasked(pageCount(total)))
  const empty = !!data && data.info.count === 0 && !showingOld && !failed
  const backTo = `${location.pathname}${location.search}`
  const backHere: BackState = useMemo(() => ({ backTo, backLabel: plural }), [backTo, plural])
  // The rows on screen lead back to the address they answer: their links' state changes with the rows, so
  // the rows render once on a change of view (not once more when the address changes before its answer).
  const rowsBack = useHeldWhile(backHere, showingOld)
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
        urlFrom={url.askedFrom}
        onWrite={writeFilters}
        firstFieldRef={firstField}
        chosen={controls.choices.length}
        onClearAll={clearFilters}
      >
        <div className="view-choices">
          {collection.facets.length > 0 && (
            <FacetPanel
              facets={collection.facets}
              counts={list.facets.counts}
              chosen={shownView.facets}
              onToggle={controls.toggleFacet}
              status={list.facets.status}
              countedBy={list.facets.by}
              onRecount={list.facets.recount}
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
                filters={list.filters}
                view={list.exported}
                records={data.info.count}
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
      <RetryNotice failureReason={list.failureReason} />

      <div className="progress-slot">{fetching && <LoadingBar label="Loading results" />}</div>

      <ListResults
        list={list}
        pending={url.pending}
        empty={empty}
        emptyState={
          <EmptyState
            plural={plural}
            filtered={filtered}
            onClear={clearFilters}
            reason={reversedRangeOf(collection.columns, view.ranges)}
          />
        }
        withoutView={withoutView}
        firstLoad={firstLoad}
        table={{
          caption: title,
          columns,
          busy: fetching,
          hrefOf: recordHref,
          linkState: rowsBack,
          selected: selection.selected,
          onToggle: selection.toggle,
          sort: shownView.sort,
          onSort: controls.sortBy,
        }}
        paging={{ page, hrefOf: pageSearch, onFollow: showingNewPage, onPage: goToPage }}
      />
      {/* Under the list on every screen, where its changing length (building, then done) moves nothing the
          reader looks at, and its place in the tab order is where it is seen. */}
      <CatalogueIndexStatus ready={!!data || !!waiting} autoIndex={autoIndex} />
      <ApiDisclosure paths={list.requests} />
    </div>
  )
}
