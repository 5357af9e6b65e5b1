import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { jumpTarget, pageItems } from './pagination-model'
import './pagination.css'

type Props = {
  page: number
  pages: number
  /** Shows another page (a committed change: the caller pushes a history entry). */
  onPage: (page: number) => void
}

/** First, previous, numbered pages with gaps, next, last, and a "Go to page" field. Hidden with one page. */
export function Pagination({ page, pages, onPage }: Props) {
  const [jump, setJump] = useState('')
  const jumpId = useId()
  const nav = useRef<HTMLElement>(null)
  const asked = useRef<number | null>(null)
  const go = (target: number) => {
    asked.current = target
    onPage(target)
  }
  // The button just used may now be disabled (Last, on the last page) or gone from the numbers: focus then
  // goes to the current page's button instead of falling back to the top of the page.
  useEffect(() => {
    const wanted = asked.current
    asked.current = null
    if (wanted !== page) return
    const active = document.activeElement as HTMLButtonElement | null
    if (nav.current?.contains(active) && !active?.disabled) return
    // Without scrolling: the list may just have brought the new rows into view.
    nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus({ preventScroll: true })
  }, [page])
  if (pages <= 1) return null
  const atStart = page <= 1
  const atEnd = page >= pages

  function submitJump(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const target = jumpTarget(jump, pages)
    if (target === null) return
    setJump('')
    if (target !== page) go(target)
  }

  return (
    <nav aria-label="Pagination" className="pagination" ref={nav}>
      <ul className="pager">
        <li>
          <PagerButton label="First page" disabled={atStart} onClick={() => go(1)}>
            «
          </PagerButton>
        </li>
        <li>
          <PagerButton label="Previous page" disabled={atStart} onClick={() => go(page - 1)}>
            ‹
          </PagerButton>
        </li>
        <li className="pager-numbers">
          <ul>
            {pageItems(page, pages).map((item) =>
              item.kind === 'gap' ? (
                <li key={`gap-${item.side}`} className="pager-gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item.page}>
                  <button
                    type="button"
                    className="pager-button"
                    aria-label={`Page ${item.page}`}
                    aria-current={item.page === page ? 'page' : undefined}
                    onClick={() => item.page !== page && go(item.page)}
                  >
                    {item.page}
                  </button>
                </li>
              ),
            )}
          </ul>
        </li>
        <li>
          <PagerButton label="Next page" disabled={atEnd} onClick={() => go(page + 1)}>
            ›
          </PagerButton>
        </li>
        <li>
          <PagerButton label="Last page" disabled={atEnd} onClick={() => go(pages)}>
            »
          </PagerButton>
        </li>
      </ul>
      {/* noValidate: a number beyond the pages is clamped to the last one, not refused by the browser. */}
      <form className="pager-jump" onSubmit={submitJump} noValidate>
        <label htmlFor={jumpId}>Go to page</label>
        <input
          id={jumpId}
          type="number"
          inputMode="numeric"
          min={1}
          max={pages}
          value={jump}
          onChange={(event) => setJump(event.target.value)}
        />
        <button type="submit" className="button button-secondary">
          Go
        </button>
        <span className="pager-of">of {pages.toLocaleString()}</span>
      </form>
    </nav>
  )
}

type PagerButtonProps = { label: string; disabled: boolean; onClick: () => void; children: string }

function PagerButton({ label, disabled, onClick, children }: PagerButtonProps) {
  return (
    <button
      type="button"
      className="pager-button pager-step"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  )
}
