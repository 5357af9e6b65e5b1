import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { requestHeadingFocus } from './focus-heading'

/**
 * After a route change (a new path, not a new search while filtering), moves focus to the page's h1 so a
 * keyboard or screen reader user starts at the new content. The first page load keeps the browser's focus,
 * so the skip link stays the first stop.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    requestHeadingFocus()
  }, [pathname])
}
