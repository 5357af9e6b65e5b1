import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { requestHeadingFocus } from '../layout/focus-heading'
import { MAX_VIEW_NAME, savedViewsStore, viewName, viewSearch } from './saved-views-store'
import { useSavedViews } from './use-saved-views'
import './saved-views.css'

type Props = {
  /** The list's path: `/locations`. */
  listPath: string
  /** The list's current search string (its page is not part of a view). */
  search: string
  /** What the list holds, for the sentences: "locations". */
  plural: string
}

/**
 * The "Views" menu of a list: the views named in this browser (each a link: its address is its share link),
 * saving the current one under a name, deleting one. A disclosure: Escape or a click outside closes it.
 */
export function SavedViewsMenu({ listPath, search, plural }: Props) {
  const views = useSavedViews(listPath)
  const panelId = useId()
  const nameId = useId()
  const hintId = useId()
  // Open on the view where it was opened: following a view's link closes it.
  const current = viewSearch(search)
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === current
  const [name, setName] = useState('')
  const [message, setMessage] = useState('')
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const nameField = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!open) return
    const close = (event: KeyboardEvent | PointerEvent) => {
      if ('key' in event) {
        if (event.key !== 'Escape') return
        setOpenAt(null)
        button.current?.focus()
      } else if (!(event.target instanceof Node && root.current?.contains(event.target))) setOpenAt(null)
    }
    document.addEventListener('keydown', close)
    document.addEventListener('pointerdown', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('pointerdown', close)
    }
  }, [open])

  const typed = viewName(name)
  const existing = typed !== '' && views.some((view) => view.name === typed)

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (typed === '') {
      setMessage('Give the view a name.')
      nameField.current?.focus()
      return
    }
    const outcome = savedViewsStore().save({ listPath, name: typed, search })
    setMessage(
      outcome === 'replaced'
        ? `View “${typed}” replaced by this view.`
        : outcome === 'saved'
          ? `View “${typed}” saved.`
          : 'The view could not be kept: this browser’s storage is full or turned off.',
    )
    if (outcome !== 'failed') setName('')
  }

  const remove = (viewNameToDelete: string) => {
    savedViewsStore().remove(listPath, viewNameToDelete)
    setMessage(`View “${viewNameToDelete}” deleted.`)
    nameField.current?.focus()
  }

  return (
    <div className="saved-views" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpenAt(open ? null : current)
          setMessage('')
        }}
      >
        Views
      </button>
      {/* Rendered only while open: its Name field is then the page's only other field of that name. */}
      {open && (
        <div id={panelId} className="saved-views-panel">
          <h2 className="saved-views-heading">Saved views of {plural}</h2>
          {views.length === 0 ? (
            <p className="saved-views-none">None yet: name this view to keep it in this browser.</p>
          ) : (
            <ul className="saved-views-list" aria-label={`Saved views of ${plural}`}>
              {views.map((view) => (
                <li key={view.name}>
                  <Link
                    to={`${listPath}${view.search}`}
                    aria-current={view.search === current ? 'page' : undefined}
                    onClick={() => {
                      setOpenAt(null)
                      // The same list in another view: focus goes to its heading, as after any navigation
                      // (the link goes away with the menu).
                      requestHeadingFocus()
                    }}
                  >
                    {view.name}
                  </Link>
                  <button
                    type="button"
                    className="saved-views-delete"
                    aria-label={`Delete view ${view.name}`}
                    onClick={() => remove(view.name)}
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form className="saved-views-form" onSubmit={save} noValidate>
            <div className="field">
              <label htmlFor={nameId}>Name</label>
              <input
                ref={nameField}
                id={nameId}
                type="text"
                value={name}
                maxLength={MAX_VIEW_NAME}
                autoComplete="off"
                aria-describedby={hintId}
                onChange={(event) => setName(event.target.value)}
              />
              <p id={hintId} className="field-hint">
                {existing
                  ? `A view is named “${typed}”: saving replaces it.`
                  : 'Filters, facets, ranges, sort and columns; not the page.'}
              </p>
            </div>
            <button type="submit" className="button">
              Save view
            </button>
          </form>
          <p className="saved-views-message" role="status">
            {message}
          </p>
        </div>
      )}
    </div>
  )
}
