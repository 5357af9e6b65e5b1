import type { MouseEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { FromListState } from '../list/ListPage'

/** "Back to locations": back in history when we came from the list (same filters, page and scroll), else the list. */
export function BackLink({ listPath, plural }: { listPath: string; plural: string }) {
  const location = useLocation()
  const navigate = useNavigate()
  const fromList = (location.state as FromListState | null)?.fromList
  function back(event: MouseEvent<HTMLAnchorElement>) {
    if (fromList === undefined || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    navigate(-1)
  }
  return (
    <Link className="back-link" to={`${listPath}${fromList ?? ''}`} onClick={back}>
      <span aria-hidden="true">← </span>Back to {plural}
    </Link>
  )
}
