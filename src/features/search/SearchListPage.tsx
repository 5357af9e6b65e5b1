import { type FormEvent, useEffect, useMemo, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useCatalogueClient, useConnection } from '../../api/connection-in-use'
import { useServiceSearch } from '../../api/use-service-search'
import { PAGE_SIZE } from '../../catalogue'
import IndexStatusPanel from '../../catalogue-index/components/IndexStatusPanel'
import { useSearchList, useServiceSearchList } from '../../catalogue-index/hooks/use-search-list'
import { groupTitle } from '../../catalogue-index/protocol/search'
import {
  SEARCH_LIST,
  type SearchListSortField,
  type SearchRow,
} from '../../catalogue-index/protocol/search-list'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import { FacetPanel } from '../../components/list/data-tool/FacetPanel'
import { Pagination } from '../../components/pagination/Pagination'
import { LoadingBar } from '../../components/states/LoadingBar'
import { QueryErrorState } from '../../components/states/QueryErrorState'
import { grouped } from '../../lib/format'
import { readSearchListUrl, type SearchListUrl, searchListSearch } from './search-list-url'
import '../../components/list/data-tool/data-tool.css'
import '../../components/list/list.css'
import './search-list.css'

/** What the whole search finds beyond the names that match. */
const WHOLE_SEARCH = 'the whole search (types, dimensions, episode codes, characters, typos) is loading.'

/**
 * "1–20 of 1,111 results for “planet”"; while the search index loads, the names found so far: "1–20 of 212
 * names matching “planet” so far: the whole search … is loading."
 */
function summaryOf(count: number, page: number, shown: number, query: string, partial: boolean): string {
  if (count === 0)
    return partial ? `No name matches “${query}” yet: ${WHOLE_SEARCH}` : `No results for “${query}”`
  const first = (page - 1) * PAGE_SIZE + 1
  const range = `${grouped(first)}–${grouped(first + shown - 1)} of ${grouped(count)}`
  return partial
    ? `${range} ${count === 1 ? 'name matching' : 'names matching'} “${query}” so far: ${WHOLE_SEARCH}`
    : `${range} ${count === 1 ? 'result' : 'results'} for “${query}”`
}

/**
 * All the results of a search as a list (`/search?q=…`): paged, sortable by name or collection, faceted by
 * collection with counts. The index worker answers once the index is complete; before that, a service that
 * searches its catalogue (contract §13) answers in its order of relevance (sorting needs the index). This page
 * renders what they answer.
 */
export default function SearchListPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const asked = useMemo(() => readSearchListUrl(new URLSearchParams(location.search)), [location.search])
  const query = asked.query.trim()
  const request = useMemo(() => ({ ...asked, query }), [asked, query])
  const index = useSearchList(request)
  const { connection, config } = useConnection()
  const client = useCatalogueClient()
  const searchesCatalogue = useServiceSearch(client, config)
  // The index answers once its answer is whole: its names alone (while its search loads) are less than the
  // service's answer, which stays meanwhile.
  const indexWhole = index.complete && index.data !== undefined && !index.data.partial && !index.previous
  const onService = searchesCatalogue && !indexWhole && asked.sort === null && query !== ''
  const service = useServiceSearchList(client, request, onService)
  // What the page shows: the service's answer while it answers, else the index's.
  const answer = onService
    ? {
        data: service.data,
        previous: service.isPlaceholderData,
        fetching: service.isFetching,
        error: service.error,
      }
    : index
  usePageTitle(query ? `Search: ${query}` : 'Search')

  const go = (next: Partial<SearchListUrl>, how: 'push' | 'replace' = 'push') =>
    navigate(`${SEARCH_LIST.appPath}${searchListSearch({ ...asked, page: 1, ...next })}`, {
      replace: how === 'replace',
    })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = new FormData(event.currentTarget).get('q')
    go({ query: typeof text === 'string' ? text.trim() : '', collections: [], sort: asked.sort })
  }
  // A box ticked shows ticked at once, while the navigation to its address is on its way.
  const [ticked, setTicked] = useState<{ at: string; collections: string[] } | null>(null)
  const chosen = ticked?.at === location.search ? ticked.collections : asked.collections
  // The facet shows collections by their titles ("Locations"); the address holds their names.
  const nameOf = (title: string) =>
    answer.data?.facets[0]?.values.find((entry) => groupTitle(entry.value) === title)?.value ?? title
  const toggle = (_facet: string, title: string) => {
    const value = nameOf(title)
    const collections = chosen.includes(value)
      ? chosen.filter((collection) => collection !== value)
      : [...chosen, value]
    setTicked({ at: location.search, collections })
    go({ collections })
  }
  const sortBy = (field: SearchListSortField) =>
    go({ sort: { field, descending: asked.sort?.field === field && !asked.sort.descending } })

  const page = answer.data
  // Ticked as chosen, while the counts of the new choice are on their way.
  const counts = useMemo(
    () =>
      page?.facets.map((facet) => ({
        ...facet,
        values: facet.values.map((entry) => ({
          ...entry,
          value: groupTitle(entry.value),
          chosen: chosen.includes(entry.value),
        })),
      })) ?? null,
    [page, chosen],
  )
  // The page answered is the last one when the address asked for one beyond it: the address follows.
  const shownPage = page && !answer.previous ? page.page : asked.page
  useEffect(() => {
    if (shownPage !== asked.page) {
      navigate(`${SEARCH_LIST.appPath}${searchListSearch({ ...asked, page: shownPage })}`, { replace: true })
    }
  }, [shownPage, asked, navigate])
  const summary =
    !page || answer.previous
      ? 'Searching…'
      : summaryOf(page.info.count, page.page, page.results.length, query, page.partial === true)

  /** The facet, the summary, the table and the pages: the index's answer, or the service's. */
  const results = (by: 'index' | 'service') => (
    <>
      <div className="view-choices search-list-facets">
        <FacetPanel
          facets={SEARCH_LIST.facets}
          counts={counts}
          chosen={{ collection: chosen.map(groupTitle) }}
          onToggle={toggle}
          status={by === 'index' ? index.status : null}
          countedBy={by}
          note={
            !page
              ? 'Counts appear with the first results.'
              : page.partial
                ? 'Counted over the names found so far, while the search index loads.'
                : by === 'service'
                  ? 'Counted by the catalogue service. Sorting the results needs the catalogue index.'
                  : undefined
          }
        />
      </div>
      <div className="list-toolbar">
        <p className="list-summary" role="status" aria-live="polite">
          {summary}
        </p>
      </div>
      <div className="progress-slot">{answer.fetching && <LoadingBar label="Loading results" />}</div>
      {page && page.info.count > 0 && (
        <>
          <SearchResultsTable rows={page.results} sort={asked.sort} onSort={sortBy} busy={answer.fetching} />
          <Pagination
            page={shownPage}
            pages={page.info.pages}
            hrefOf={(target) => searchListSearch({ ...asked, page: target })}
            onFollow={() => undefined}
            onPage={(target) => go({ page: target })}
          />
        </>
      )}
    </>
  )

  return (
    <div className="list-page search-list-page">
      <div className="page-head">
        <PageHeading>Search</PageHeading>
        <p className="page-lede">Every result of a search of the whole catalogue.</p>
      </div>
      {/* A new query is a new form (its field shows the address's query). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a form is needed for Enter to submit; role=search names it as a search landmark. */}
      <form
        key={query}
        role="search"
        aria-label="Search the catalogue"
        className="search-list-form"
        onSubmit={onSubmit}
      >
        <div className="field">
          <label htmlFor="search-list-q">Search</label>
          <input
            id="search-list-q"
            name="q"
            type="search"
            defaultValue={query}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>

      {query === '' ? (
        <p className="notice">
          Type a name, a type or a dimension; an episode code or a season; or a character number.
        </p>
      ) : onService && service.error ? (
        <QueryErrorState
          error={service.error}
          onRetry={() => service.refetch()}
          retrying={service.isFetching}
        />
      ) : onService ? (
        results('service')
      ) : !index.supported ? (
        <p className="notice">
          All the results of a search come from the catalogue index, which this browser cannot keep (it needs
          Web Workers and IndexedDB). The search palette (Ctrl+K) searches names on the service.
        </p>
      ) : index.status === null ? (
        <LoadingBar label="Reading the catalogue index" />
      ) : !index.complete ? (
        <div className="notice notice-info">
          <p>
            {searchesCatalogue
              ? 'Sorting the results of a search needs the catalogue index: every record, read once and kept in this browser.'
              : 'All the results of a search come from the catalogue index: every record, read once and kept in this browser.'}{' '}
            {index.status.building
              ? 'It is being built: the results follow once it is complete.'
              : 'Build it to see them.'}
          </p>
          {connection && <IndexStatusPanel connection={connection} />}
        </div>
      ) : index.error ? (
        <QueryErrorState error={index.error} onRetry={() => navigate(0)} retrying={index.fetching} />
      ) : (
        results('index')
      )}
    </div>
  )
}

const ARIA_SORT = (descending: boolean) => (descending ? 'descending' : 'ascending')

/** The results in a table: name (a link to where the result leads), collection, details; sortable headers. */
function SearchResultsTable({
  rows,
  sort,
  onSort,
  busy,
}: {
  rows: readonly SearchRow[]
  sort: SearchListUrl['sort']
  onSort: (field: SearchListSortField) => void
  busy: boolean
}) {
  return (
    <div className="table-wrap">
      <table className="results search-results" aria-busy={busy}>
        <caption className="visually-hidden">Search results</caption>
        <thead>
          <tr>
            {SEARCH_LIST.columns.map((column) => (
              <th
                key={column.field}
                scope="col"
                aria-sort={sort?.field === column.field ? ARIA_SORT(sort.descending) : undefined}
              >
                <button type="button" className="sort-button" onClick={() => onSort(column.field)}>
                  {column.label}
                  <span className="sort-mark" aria-hidden="true">
                    {sort?.field !== column.field ? '↕' : sort.descending ? '▼' : '▲'}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col" className="col-secondary">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td className="col-name">
                <Link to={row.path}>{row.name}</Link>
                {/* On a phone the details fold under the name (list.css). */}
                {row.detail && (
                  <span className="row-extra">
                    <span>{row.detail}</span>
                  </span>
                )}
              </td>
              <td>{row.collectionTitle}</td>
              <td className="col-secondary">{row.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
