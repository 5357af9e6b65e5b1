import { type FormEvent, type ReactNode, type RefObject, useId, useState } from 'react'
import { appliedFilters, MAX_FILTER_LENGTH } from '../../catalogue'
import { hasFilters } from '../../lib/list-url'
import { useFilterDraft } from './use-filter-draft'
import type { WriteHow } from './use-list-url'

export type FilterField<F extends string> = { name: F; label: string; hint?: string }

type Props<F extends string> = {
  /** "Filter locations": the search landmark's name. */
  label: string
  fields: readonly FilterField<F>[]
  /** The filters the URL holds (or is about to hold, while it loads). */
  fromUrl: Record<F, string>
  /** The history entry `fromUrl` comes from: a draft belongs to the entry it was typed over. */
  urlKey: string
  /** The entry typing wrote `urlKey`'s from, if it did: a key pressed while that write landed belongs to it too. */
  urlFrom?: string | null
  /** Writes filters to the URL: once typing pauses, or at once when committed. */
  onWrite: (filters: Record<F, string>, how: WriteHow) => void
  /** The first field, where focus goes once the filters are cleared (the button used is then disabled). */
  firstFieldRef: RefObject<HTMLInputElement | null>
  /** The view's choices made besides the filters (facet values, ranges), counted on the phone's toggle. */
  chosen?: number
  /** What folds with the fields on a phone: the facets and ranges. */
  children?: ReactNode
  /**
   * Clears everything chosen: the fields, and the facet values and ranges (`chosen`), in one change of the
   * address, as the empty state's Clear filters does; without it, the fields alone.
   */
  onClearAll?: () => void
}

/**
 * Puts focus where filtering starts: the first field, or, on a phone whose fields are folded away, the toggle
 * that shows them (focus on a hidden field would be lost to the page).
 */
export function focusFilters(firstField: HTMLInputElement | null) {
  const toggle = firstField?.form?.querySelector<HTMLButtonElement>('[aria-controls][aria-expanded="false"]')
  if (toggle && toggle.getClientRects().length > 0) toggle.focus()
  else firstField?.focus()
}

/** The filter fields. What is being typed lives here, so a keystroke re-renders the form and nothing else. */
export function FilterForm<F extends string>(props: Props<F>) {
  const {
    label,
    fields,
    fromUrl,
    urlKey,
    urlFrom,
    onWrite,
    firstFieldRef,
    chosen = 0,
    children,
    onClearAll,
  } = props
  const id = useId()
  const {
    values,
    change: onChange,
    commit: onCommit,
    clear: onClear,
    drop,
  } = useFilterDraft(fromUrl, urlKey, onWrite, urlFrom)
  const canClear = hasFilters(fromUrl) || hasFilters(values) || (onClearAll !== undefined && chosen > 0)
  // Phones fold the fields behind a toggle (CSS shows it on narrow screens only); wider screens ignore `open`.
  const [open, setOpen] = useState(false)
  const set = appliedFilters(Object.keys(fromUrl), fromUrl).length + chosen
  function clear() {
    if (onClearAll) {
      drop()
      onClearAll()
    } else onClear()
    firstFieldRef.current?.focus()
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onCommit()
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form is needed for Enter to commit; role=search names it as a search landmark.
    <form role="search" aria-label={label} className="filter-form" onSubmit={submit}>
      <button
        type="button"
        className="filter-toggle"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen(!open)}
      >
        {set > 0 ? `Filters (${set})` : 'Filters'}
        <span className="filter-toggle-mark" aria-hidden="true">
          ▾
        </span>
      </button>
      <div className="filter-body" id={`${id}-body`} data-open={open || undefined}>
        <div className="filter-fields">
          {fields.map((field, index) => {
            const inputId = `${id}-${field.name}`
            const hintId = field.hint ? `${inputId}-hint` : undefined
            return (
              <div className="field" key={field.name}>
                <label htmlFor={inputId}>{field.label}</label>
                <input
                  ref={index === 0 ? firstFieldRef : undefined}
                  id={inputId}
                  type="search"
                  name={field.name}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={MAX_FILTER_LENGTH}
                  value={values[field.name]}
                  aria-describedby={hintId}
                  onChange={(event) => onChange(field.name, event.target.value)}
                  onBlur={onCommit}
                  onKeyDown={(event) => {
                    // Several fields and no submit button: the browser would not submit on Enter by itself.
                    if (event.key === 'Enter') {
                      event.preventDefault()
                      onCommit()
                    }
                  }}
                />
                {field.hint && (
                  <p className="field-hint" id={hintId}>
                    {field.hint}
                  </p>
                )}
              </div>
            )
          })}
        </div>
        <div className="filter-actions">
          <button type="button" className="button button-secondary" onClick={clear} disabled={!canClear}>
            Clear filters
          </button>
        </div>
        <p className="filter-note">
          Filters ignore case, not accents: “muller” does not find “Müller”. The search (Ctrl+K) ignores both.
        </p>
        {children}
      </div>
    </form>
  )
}
