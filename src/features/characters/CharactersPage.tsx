import { useEffect, useId } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { COLLECTIONS, parsePage } from '../../catalogue'
import { CatalogueIndexStatus } from '../../catalogue-index/components/CatalogueIndexStatus'
import { useCharacterList } from '../../catalogue-index/hooks/use-characters'
import type { CharacterRow } from '../../catalogue-index/protocol/characters'
import { IndexDisclosure } from '../../components/api/IndexDisclosure'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import type { BackState } from '../../components/links/back-state'
import { type Column, ResultsTable } from '../../components/list/ResultsTable'
import { SelectionActions } from '../../components/list/SelectionActions'
import { useRowSelection } from '../../components/list/use-row-selection'
import { Pagination } from '../../components/pagination/Pagination'
import { characterListPath, characterPath } from '../../lib/character-path'
import { listSummary } from '../../lib/format'
import { IndexAnswerState } from './IndexAnswerState'
import { parseSeason } from './season'
import '../../components/list/list.css'
import './characters.css'

const COLUMNS: Column<CharacterRow>[] = [
  { header: 'Character', isName: true },
  ...COLLECTIONS.map((collection) => ({
    header: collection.labels.title,
    cell: (row: CharacterRow) => row.counts[collection.name] ?? 0,
    numeric: true,
  })),
]

/** `/characters?season=2&page=3`: every character named in the catalogue, by id, from the catalogue index. */
export default function CharactersPage() {
  const [params] = useSearchParams()
  const page = parsePage(params.get('page') ?? '1') ?? 1
  const season = parseSeason(params.get('season'))
  const navigate = useNavigate()
  const location = useLocation()
  const answer = useCharacterList({ page, season })
  const data = answer.state === 'ready' ? answer.data : null
  const selection = useRowSelection(String(season))
  const seasonId = useId()
  usePageTitle(page > 1 ? `Characters, page ${page}` : 'Characters')

  // A page beyond the last goes to the last (as the other lists do).
  const pages = data?.info.pages ?? 0
  useEffect(() => {
    if (pages > 0 && page > pages)
      void navigate(characterListPath({ page: pages, season }), { replace: true })
  }, [page, pages, season, navigate])

  const backHere: BackState = { backTo: `${location.pathname}${location.search}`, backLabel: 'characters' }
  const summary = data
    ? listSummary(data.info.count, page, data.results.length, {
        singular: 'character',
        plural: 'characters',
        filtered: season !== null,
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
          onChange={(event) =>
            void navigate(characterListPath({ page: 1, season: parseSeason(event.target.value) }), {
              preventScrollReset: true,
            })
          }
        >
          <option value="">Any season</option>
          {(data?.seasons ?? (season !== null ? [season] : [])).map((value) => (
            <option key={value} value={value}>
              Season {value}
            </option>
          ))}
        </select>
      </search>
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
              <p className="state">No characters appear in season {season}.</p>
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
                />
                <Pagination
                  page={page}
                  pages={list.info.pages}
                  hrefOf={(target) => characterListPath({ page: target, season })}
                  onFollow={() => undefined}
                  onPage={(target) =>
                    void navigate(characterListPath({ page: target, season }), { preventScrollReset: true })
                  }
                />
              </>
            )}
          </>
        )}
      </IndexAnswerState>
      <IndexDisclosure updatedAt={answer.state === 'ready' ? answer.updatedAt : null} />
    </div>
  )
}
