import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'
import { focusLinkWhenThere, requestHeadingFocus } from './focus-heading'

/**
 * After a route change (a new path, not a new search while filtering), moves focus to the page's h1 so a
 * keyboard or screen reader user starts at the new content. Back and Forward (a POP) put focus back on the
 * link the user left that page by, once it is there again (rows the catalogue index answers come a moment
 * later). Arriving keeps the browser's focus, so the skip
 * link stays the first stop, including when the address first opened redirects (`/` to `/locations`, a list
 * to the settings): a redirect before the user has pressed a key, a pointer or clicked is still the arrival.
 */
export function useFocusOnNavigation(): void {
  const location = useLocation()
  const { pathname, key } = location
  const navigationType = useNavigationType()
  const previous = useRef(pathname)
  const interacted = useRef(false)
  // The last link focused in the page, per history entry: what Back and Forward give focus to again.
  const currentKey = useRef(key)
  const linkLeft = useRef(new Map<string, string>())

  useEffect(() => {
    const mark = () => {
      interacted.current = true
    }
    // A screen reader's browse mode activates links and buttons with a bare click, no key or pointer event.
    const events = ['keydown', 'pointerdown', 'click'] as const
    for (const event of events) document.addEventListener(event, mark, { capture: true, once: true })
    const remember = (event: FocusEvent) => {
      const target = event.target
      if (!(target instanceof HTMLAnchorElement) || !target.closest('#main')) return
      const href = target.getAttribute('href')
      if (href) linkLeft.current.set(currentKey.current, href)
    }
    document.addEventListener('focusin', remember)
    return () => {
      for (const event of events) document.removeEventListener(event, mark, { capture: true })
      document.removeEventListener('focusin', remember)
    }
  }, [])

  useEffect(() => {
    currentKey.current = key
    if (previous.current === pathname) return
    previous.current = pathname
    if (navigationType === 'REPLACE' && !interacted.current) return
    const left = navigationType === 'POP' ? linkLeft.current.get(key) : undefined
    if (left) focusLinkWhenThere(left)
    else requestHeadingFocus()
  }, [key, pathname, navigationType])
}
