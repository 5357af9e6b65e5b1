import { useEffect, useId, useMemo } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { COLLECTIONS } from '../../catalogue'
import type { DataViewUrlState, RangeText } from '../../catalogue/views/parameters'
import { listViewOf } from '../../catalogue/views/view'
import { CatalogueIndexStatus } from '../../catalogue-index/components/CatalogueIndexStatus'
import { useCharacterList } from '../../catalogue-index/hooks/use-characters'
import type { CharacterListPage, CharacterRow } from '../../catalogue-index/protocol/characters'
import { AnswerDisclosure } from '../../components/api/AnswerDisclosure'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import type { BackState } from '../../components/links/back-state'
import { RangeFields } from '../../components/list/data-tool/RangeFields'
import { type Column, ResultsTable } from '../../components/list/ResultsTable'
import { SelectionActions } from '../../components/list/SelectionActions'
import { useRowSelection } from '../../components/list/use-row-selection'
import { Pagination } from '../../components/pagination/Pagination'
import { SavedViewsMenu } from '../../components/saved-views/SavedViewsMenu'
import {
  CHARACTER_COLUMNS,
  CHARACTER_LIST,
  CHARACTERS_APP_PATH,
  characterListPath,
  characterPath,
} from '../../lib/character-path'
import { grouped } from '../../lib/format'
import { readListUrl } from '../../lib/list-url'
import { listSummary } from '../../lib/wording'
import { IndexAnswerState } from './IndexAnswerState'
import { parseSeason } from './season'
import '../../components/list/list.css'
import '../../components/list/data-tool/data-tool.css'
import './characters.css'

const COLUMNS: Column<CharacterRow>[] = [
  { header: 'Character', isName: true, sortField: 'id' },
  ...COLLECTIONS.map((collection) => ({
    header: collection.labels.title,
    sortField: collection.name,
    cell: (row: CharacterRow) => row.counts[collection.name] ?? 0,
    numeric: true,
  })),
]

/** The seasons to offer, in order, with the one asked for among them. */
const withSeason = (seasons: readonly number[], season: number | null) =>
  season === null || seasons.includes(season) ? seasons : [...seasons, season].sort((a, b) => a - b)

/** " (12)": a season's characters as the option says them; " (not counted)" when the service had no time to. */
function seasonCount(data: CharacterListPage | null, season: number): string {
  if (!data) return ''
  if (data.seasonsCounted === false) return ' (not counted)'
  return ` (${grouped(data.seasonCounts[season] ?? 0)})`
}

/**
 * `/characters?season=2&_sort_desc=episodes&episodes__gte=3&page=3`: every character named in the catalogue,
 * from the catalogue index or the service, by number or sorted by a count, within ranges of the counts.
 */
export default function CharactersPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const { filters, page, view } = useMemo(
    () => readListUrl(new URLSearchParams(location.search), CHARACTER_LIST),
    [location.search],
  )
  const season = parseSeason(filters.season || null)
  const { sort, ranges } = useMemo(() => listViewOf({}, view, CHARACTER_COLUMNS), [view])
  const answer = useCharacterList({ page, season, sort, ranges })
  const data = answer.state === 'ready' ? answer.data : null
  const selection = useRowSelection(String(season))
  const seasonId = useId()
  usePageTitle(page > 1 ? `Characters, page ${page}` : 'Characters')

  // A page beyond the last goes to the last (as the other lists do).
  const pages = data?.info.pages ?? 0
  useEffect(() => {
    if (pages > 0 && page > pages)
      void navigate(characterListPath({ page: pages, season }, view), { replace: true })
  }, [page, pages, season, view, navigate])

  const go = (next: { page?: number; season?: number | null; view?: DataViewUrlState }) =>
    void navigate(
      characterListPath(
        { page: next.page ?? 1, season: next.season === undefined ? season : next.season },
        next.view ?? view,
      ),
      { preventScrollReset: true },
    )
  const sortBy = (field: string) =>
    go({
      view: {
        ...view,
        sort: { field, descending: view.sort?.field === field ? !view.sort.descending : false },
      },
    })
  const setRange = (field: string, range: RangeText) => {
    const next = { ...view.ranges, [field]: range }
    if (range.from === '' && range.to === '') delete next[field]
    go({ view: { ...view, ranges: next } })
  }
  const ranged = Object.keys(view.ranges).length > 0
  const backHere: BackState = { backTo: `${location.pathname}${location.search}`, backLabel: 'characters' }
  const summary = data
    ? listSummary(data.info.count, page, data.results.length, {
        singular: 'character',
        plural: 'characters',
        filtered: season !== null || ranged,
      })
    : ''

  return (
    <div className="list-page characters-page">
      <div className="page-head">
        <PageHeading>Characters</PageHeading>
        <p className="page-lede">
          Every character a location lists as a resident or an episode as a character, by number.
        </p>
      </div>
      <CatalogueIndexStatus ready />
      <search className="character-filter" aria-label="Filter characters">
        <label htmlFor={seasonId}>Appears in</label>
        <select
          id={seasonId}
          value={season ?? ''}
          onChange={(event) => go({ season: parseSeason(event.target.value) })}
        >
          <option value="">Any season</option>
          {/* The season asked for is an option even when no episode has it: the select says what is shown. */}
          {withSeason(data?.seasons ?? [], season).map((value) => (
            <option key={value} value={value}>
              Season {value}
              {seasonCount(data, value)}
            </option>
          ))}
        </select>
        <RangeFields columns={CHARACTER_COLUMNS} ranges={view.ranges} onChange={setRange} />
      </search>
      <div className="view-bar">
        <div className="view-tools">
          <SavedViewsMenu listPath={CHARACTERS_APP_PATH} search={location.search} plural="characters" />
        </div>
      </div>
      <IndexAnswerState
        answer={answer}
        willShow="This page will list every character named in the catalogue, with how many locations list it as a resident and how many episodes it appears in, and can show only those appearing in one season."
        loading="Loading characters"
      >
        {(list) => (
          <>
            <div className="list-toolbar">
              <p className="list-summary" role="status" aria-live="polite">
                {summary}
              </p>
              {list.info.count > 0 && (
                <SelectionActions
                  ids={selection.ids}
                  onClear={selection.clear}
                  onCompare={() => void navigate(characterPath(selection.ids), { state: backHere })}
                />
              )}
            </div>
            {list.info.count === 0 ? (
              <p className="state">
                {season !== null && !ranged
                  ? `No characters appear in season ${season}.`
                  : 'No characters match these choices.'}
              </p>
            ) : (
              <>
                <ResultsTable
                  caption="Characters"
                  columns={COLUMNS}
                  rows={list.results}
                  busy={false}
                  hrefOf={(row) => characterPath(row.id)}
                  linkState={backHere}
                  selected={selection.selected}
                  onToggle={selection.toggle}
                  sort={view.sort}
                  onSort={sortBy}
                />
                <Pagination
                  page={page}
                  pages={list.info.pages}
                  hrefOf={(target) => characterListPath({ page: target, season }, view)}
                  onFollow={() => undefined}
                  onPage={(target) => go({ page: target })}
                />
              </>
            )}
          </>
        )}
      </IndexAnswerState>
      <AnswerDisclosure answer={answer} />
    </div>
  )
}
