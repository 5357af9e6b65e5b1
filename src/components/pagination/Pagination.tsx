import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { grouped } from '../../lib/format'
import { BEYOND_LAST, JUMP_HINT, jumpTarget, pageItems } from './pagination-model'
import './pagination.css'

export type PaginationProps = {
  page: number
  pages: number
  /** The address of a page of this list, relative to it: `?name=x&page=3`. */
  hrefOf: (page: number) => string
  /** A page link was followed in this tab. */
  onFollow: () => void
  /** Shows another page (the "Go to page" field; a committed change: the caller pushes a history entry). */
  onPage: (page: number) => void
}

/**
 * First, previous, numbered pages with gaps, next, last (links: they open in a new tab and copy as addresses),
 * and a "Go to page" field. Hidden with one page.
 */
export function Pagination({ page, pages, hrefOf, onFollow, onPage }: PaginationProps) {
  const [jump, setJump] = useState('')
  const [jumpRefused, setJumpRefused] = useState(false)
  // A page past the end typed in the field: said while the last page it led to is shown.
  const [beyond, setBeyond] = useState<{ asked: number; pages: number } | null>(null)
  const jumpId = useId()
  const nav = useRef<HTMLElement>(null)
  const asked = useRef<number | null>(null)
  // The link just used may now be disabled (Last, on the last page) or gone from the numbers: focus then
  // goes to the current page's link instead of falling back to the top of the page.
  useEffect(() => {
    const wanted = asked.current
    asked.current = null
    if (wanted !== page) return
    const active = document.activeElement
    if (
      active instanceof HTMLElement &&
      nav.current?.contains(active) &&
      active.getAttribute('aria-disabled') !== 'true'
    ) {
      return
    }
    // Without scrolling: the list may just have brought the new rows into view.
    nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus({ preventScroll: true })
  }, [page])
  if (pages <= 1) return null
  const atStart = page <= 1
  const atEnd = page >= pages

  /** A plain click in this tab: the page follows. Middle-click, Ctrl/Cmd-click open a tab; the link does that. */
  const followed = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    asked.current = target
    onFollow()
  }

  function submitJump(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const target = jumpTarget(jump, pages)
    if (target === null) {
      setJumpRefused(true)
      return
    }
    setJump('')
    setJumpRefused(false)
    const typed = Number(jump)
    setBeyond(typed > pages ? { asked: typed, pages } : null)
    if (target !== page) {
      asked.current = target
      onPage(target)
    }
  }

  const step = (label: string, target: number, disabled: boolean, symbol: string) => (
    <li>
      <PageLink
        label={label}
        href={disabled ? null : hrefOf(target)}
        className="pager-button pager-step"
        onClick={followed(target)}
      >
        <span aria-hidden="true">{symbol}</span>
      </PageLink>
    </li>
  )

  return (
    <nav aria-label="Pagination" className="pagination" ref={nav}>
      <ul className="pager">
        {step('First page', 1, atStart, '«')}
        {step('Previous page', page - 1, atStart, '‹')}
        <li className="pager-numbers">
          <ul>
            {pageItems(page, pages).map((item) =>
              item.kind === 'gap' ? (
                <li key={`gap-${item.side}`} className="pager-gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item.page}>
                  <Link
                    to={hrefOf(item.page)}
                    preventScrollReset
                    className="pager-button"
                    aria-label={`Page ${item.page}`}
                    aria-current={item.page === page ? 'page' : undefined}
                    onClick={followed(item.page)}
                  >
                    {grouped(item.page)}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </li>
        {step('Next page', page + 1, atEnd, '›')}
        {step('Last page', pages, atEnd, '»')}
      </ul>
      {/* Text, not type=number: what was typed stays as typed, and the hint says what is accepted. */}
      <form className="pager-jump" onSubmit={submitJump} noValidate>
        <label htmlFor={jumpId}>Go to page</label>
        <input
          id={jumpId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={jump}
          aria-invalid={jumpRefused || undefined}
          aria-describedby={jumpRefused ? `${jumpId}-hint` : undefined}
          onChange={(event) => {
            setJump(event.target.value)
            setJumpRefused(false)
          }}
        />
        <button type="submit" className="button button-secondary">
          Go
        </button>
        <span className="pager-of">of {grouped(pages)}</span>
        {/* Always in the page, so a screen reader announces the text when it appears. */}
        <p
          className={jumpRefused ? 'pager-jump-hint is-refused' : 'pager-jump-hint'}
          id={`${jumpId}-hint`}
          role="status"
        >
          {jumpRefused
            ? JUMP_HINT(pages)
            : beyond && beyond.pages === pages && page === pages
              ? BEYOND_LAST(beyond.asked, pages)
              : ''}
        </p>
      </form>
    </nav>
  )
}

type PageLinkProps = {
  label: string
  /** Null: there is no such page from here (the first page's "Previous"); the link is shown disabled. */
  href: string | null
  className: string
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void
  children: ReactNode
}

function PageLink({ label, href, className, onClick, children }: PageLinkProps) {
  if (href === null) {
    // A link with nowhere to go: no href (not focusable, not followed), announced as a disabled link.
    const disabled = (
      // biome-ignore lint/a11y/useValidAnchor: a disabled link has no address by design.
      <a role="link" aria-disabled="true" aria-label={label} className={className}>
        {children}
      </a>
    )
    return disabled
  }
  return (
    <Link to={href} className={className} aria-label={label} onClick={onClick} preventScrollReset>
      {children}
    </Link>
  )
}
