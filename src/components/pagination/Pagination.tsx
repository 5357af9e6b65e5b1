import { type FormEvent, useId, useState } from 'react'
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
  if (pages <= 1) return null
  const atStart = page <= 1
  const atEnd = page >= pages

  function submitJump(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const target = jumpTarget(jump, pages)
    if (target === null) return
    setJump('')
    if (target !== page) onPage(target)
  }

  return (
    <nav aria-label="Pagination" className="pagination">
      <ul className="pager">
        <li>
          <PagerButton label="First page" disabled={atStart} onClick={() => onPage(1)}>
            «
          </PagerButton>
        </li>
        <li>
          <PagerButton label="Previous page" disabled={atStart} onClick={() => onPage(page - 1)}>
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
                    onClick={() => item.page !== page && onPage(item.page)}
                  >
                    {item.page}
                  </button>
                </li>
              ),
            )}
          </ul>
        </li>
        <li>
          <PagerButton label="Next page" disabled={atEnd} onClick={() => onPage(page + 1)}>
            ›
          </PagerButton>
        </li>
        <li>
          <PagerButton label="Last page" disabled={atEnd} onClick={() => onPage(pages)}>
            »
          </PagerButton>
        </li>
      </ul>
      <form className="pager-jump" onSubmit={submitJump}>
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
