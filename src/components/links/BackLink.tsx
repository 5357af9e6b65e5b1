import type { MouseEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { readBackState } from './back-state'

/**
 * "Back to locations" (or to the comparison): back in history to the place that opened this page, with its
 * filters, page and scroll; the plain list when the page was opened some other way.
 */
export function BackLink({ listPath, plural }: { listPath: string; plural: string }) {
  const location = useLocation()
  const navigate = useNavigate()
  const back = readBackState(location.state)
  function goBack(event: MouseEvent<HTMLAnchorElement>) {
    // A double-click must go back one step, not two.
    if (event.detail > 1) return event.preventDefault()
    if (back === null || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    navigate(-1)
  }
  return (
    <Link className="back-link" to={back?.backTo ?? listPath} onClick={goBack}>
      <span aria-hidden="true">← </span>Back to {back?.backLabel ?? plural}
    </Link>
  )
}
