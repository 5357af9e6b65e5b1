import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'
import { requestHeadingFocus } from './focus-heading'

/**
 * After a route change (a new path, not a new search while filtering), moves focus to the page's h1 so a
 * keyboard or screen reader user starts at the new content. Arriving keeps the browser's focus, so the skip
 * link stays the first stop, including when the address first opened redirects (`/` to `/locations`, a list
 * to the settings): a redirect before the user has pressed a key, a pointer or clicked is still the arrival.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  const previous = useRef(pathname)
  const interacted = useRef(false)

  useEffect(() => {
    const mark = () => {
      interacted.current = true
    }
    // A screen reader's browse mode activates links and buttons with a bare click, no key or pointer event.
    const events = ['keydown', 'pointerdown', 'click'] as const
    for (const event of events) document.addEventListener(event, mark, { capture: true, once: true })
    return () => {
      for (const event of events) document.removeEventListener(event, mark, { capture: true })
    }
  }, [])

  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    if (navigationType === 'REPLACE' && !interacted.current) return
    requestHeadingFocus()
  }, [pathname, navigationType])
}
