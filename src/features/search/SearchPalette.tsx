import { type KeyboardEvent, type MouseEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { CatalogueClient, Connection } from '../../api/client'
import { describeSearchSource, STILL_LOADING } from '../../catalogue-index/components/search-source'
import { useCatalogueSearch } from '../../catalogue-index/hooks/use-catalogue-search'
import { type SearchState, wholeAnswer } from '../../catalogue-index/hooks/use-search'
import type { SearchHit } from '../../catalogue-index/protocol/search'
import { grouped } from '../../lib/format'
import { searchListPath } from './search-list-url'
import './search-palette.css'

type Props = {
  connection: Connection | null
  client: CatalogueClient | null
  /** The service searches the whole catalogue (contract §13): it answers until the index is complete. */
  searchesCatalogue?: boolean
  /** `restoreFocus`: closed without opening a result, so focus goes back where it was. */
  onClose(restoreFocus: boolean): void
}

const plural = (count: number, one: string, many: string) => `${grouped(count)} ${count === 1 ? one : many}`

function announcement(state: SearchState, shown: number): string {
  if (state.failed) return 'The search failed.'
  if (state.query.trim() === '' || state.pending) return ''
  if (shown === 0) return wholeAnswer(state.source) ? 'No results.' : `No results yet: ${STILL_LOADING}`
  return `${plural(shown, 'result', 'results')}.`
}

/**
 * The search palette: a modal dialog with one field, a combobox whose listbox holds the results grouped by
 * collection (ARIA 1.2 combobox pattern, focus stays in the field, the active option by
 * aria-activedescendant). Arrows move, Enter opens, Escape closes.
 */
export function SearchPalette({ connection, client, searchesCatalogue = false, onClose }: Props) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  // Answered by the service (its search of the whole catalogue where it has one, else its names) until the
  // index is complete, then asked again there.
  const state = useCatalogueSearch(connection, client, query, undefined, searchesCatalogue).search
  const groups = state.answer?.groups ?? []
  const hits = useMemo(() => groups.flatMap((group) => group.hits), [groups])
  const [active, setActive] = useState(0)
  const optionId = (hit: SearchHit) => `${id}-option-${hit.key}`
  const activeHit = hits[Math.min(active, hits.length - 1)]

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => element?.close()
  }, [])

  // New results: the first is active again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new answer only
  useEffect(() => setActive(0), [state.answer])

  useEffect(() => {
    if (activeHit) document.getElementById(optionId(activeHit))?.scrollIntoView({ block: 'nearest' })
  })

  function open(hit: SearchHit) {
    onClose(false)
    navigate(hit.path)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (hits.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (Math.min(current, hits.length - 1) + step + hits.length) % hits.length)
    } else if (event.key === 'Enter' && activeHit) {
      event.preventDefault()
      open(activeHit)
    }
  }

  function onDialogClick(event: MouseEvent<HTMLDialogElement>) {
    // A click on the backdrop lands on the dialog itself.
    if (event.target === event.currentTarget) onClose(true)
  }

  const searching = query.trim() !== ''
  const expanded = searching && hits.length > 0
  const total = groups.reduce((sum, group) => sum + group.total, 0)

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes the dialog with Escape (its cancel event)
    <dialog
      ref={dialog}
      className="search-palette"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        onClose(true)
      }}
      onClick={onDialogClick}
    >
      <div className="search-palette-panel">
        <h2 id={`${id}-title`} className="visually-hidden">
          Search the catalogue
        </h2>
        <div className="search-palette-field">
          <label htmlFor={`${id}-input`}>Search</label>
          <input
            id={`${id}-input`}
            type="text"
            role="combobox"
            aria-expanded={expanded}
            aria-controls={`${id}-results`}
            aria-autocomplete="list"
            aria-activedescendant={expanded && activeHit ? optionId(activeHit) : undefined}
            aria-describedby={`${id}-source`}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            placeholder="Name, type, dimension, S2E3, #42"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <p id={`${id}-source`} className="search-palette-source">
          {!connection ? (
            <>
              Connect to a catalogue service in <Link to="/settings">Settings</Link> to search.
            </>
          ) : state.source ? (
            describeSearchSource(state.source, true)
          ) : (
            'Getting the search ready…'
          )}
        </p>
        <div
          id={`${id}-results`}
          role="listbox"
          aria-label="Results"
          // While the results for the latest text are on their way (bench/app/search.ts waits on it too).
          aria-busy={searching && (state.pending || state.query !== query)}
          className="search-palette-results"
          hidden={!expanded}
        >
          {expanded &&
            groups.map((group) => (
              // biome-ignore lint/a11y/useSemanticElements: a group of options in a listbox (ARIA), not a form's fieldset
              <div
                key={group.collection}
                role="group"
                aria-labelledby={`${id}-group-${group.collection}`}
                className="search-palette-group"
              >
                <div
                  role="presentation"
                  id={`${id}-group-${group.collection}`}
                  className="search-palette-group-title"
                >
                  {group.title}
                  {group.total > group.hits.length && (
                    <span className="search-palette-more">
                      {' '}
                      ({grouped(group.hits.length)} of {grouped(group.total)})
                    </span>
                  )}
                </div>
                {group.hits.map((hit) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen from the field (arrows, Enter)
                  <div
                    key={hit.key}
                    id={optionId(hit)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={hit === activeHit}
                    className="search-palette-option"
                    onClick={() => open(hit)}
                    onMouseMove={() => setActive(hits.indexOf(hit))}
                  >
                    <span className="search-palette-name">{hit.name}</span>
                    {hit.detail && <span className="search-palette-detail">{hit.detail}</span>}
                  </div>
                ))}
              </div>
            ))}
        </div>
        {expanded && (
          <p className="search-palette-all">
            <Link to={searchListPath(state.query)} onClick={() => onClose(false)}>
              Show all {plural(total, 'result', 'results')}
            </Link>
          </p>
        )}
        {searching && !state.pending && state.query === query && !state.failed && hits.length === 0 && (
          <p className="search-palette-empty">
            {wholeAnswer(state.source)
              ? `Nothing matches “${state.query.trim()}”.`
              : `No names match “${state.query.trim()}” yet: ${STILL_LOADING}`}
          </p>
        )}
        {state.failed && (
          <p className="search-palette-empty">The service could not be searched. Try again.</p>
        )}
        {!searching && connection && (
          <p className="search-palette-empty">
            Type a name, a type or a dimension; an episode code or season (s2e3, S2, season 2); or a character
            number (#42).
          </p>
        )}
        <p className="visually-hidden" role="status">
          {announcement(state, hits.length)}
        </p>
        <p className="search-palette-keys" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
        </p>
      </div>
    </dialog>
  )
}
