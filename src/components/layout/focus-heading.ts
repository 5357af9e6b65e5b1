/**
 * Focus moves to the page's h1 after each route change. The h1 may not exist yet when the route changes
 * (a page's code or data still on its way), so the request waits here until a heading mounts. Focusing never
 * scrolls: where the page is scrolled to is the router's scroll restoration's to say (the top for a new
 * page, the place the user left for Back and Forward).
 */
let pending = false
let keep = false
/** Stops waiting for a link to come back (see focusLinkWhenThere). */
let stopWaiting: (() => void) | null = null
/** How long Back waits for the link it left by: the rows of a view the catalogue index answers come later. */
const LINK_WAIT_MS = 5000

/** The next route change leaves focus alone: the page that makes it puts focus where the user acted. */
export function keepFocusOnNextNavigation(): void {
  keep = true
}

export function requestHeadingFocus(): void {
  stopWaiting?.()
  if (keep) {
    keep = false
    pending = false
    return
  }
  const heading = document.querySelector<HTMLElement>('#main h1')
  if (heading) {
    pending = false
    heading.focus({ preventScroll: true })
  } else {
    pending = true
  }
}

/** Called by a heading as it mounts: takes the focus when a route change is still waiting for one. */
export function takePendingHeadingFocus(heading: HTMLElement | null): void {
  if (!pending || !heading) return
  pending = false
  heading.focus({ preventScroll: true })
}

/** Puts focus back on a link of the page (by its address), without scrolling; false when it is not there. */
export function focusLink(href: string): boolean {
  const link = document.querySelector<HTMLElement>(`#main a[href="${CSS.escape(href)}"]`)
  if (!link) return false
  stopWaiting?.()
  pending = false
  link.focus({ preventScroll: true })
  return true
}

/**
 * Back and Forward: puts focus back on the link the user left the page by, once it is there (rows answered
 * later, by the catalogue index, come a moment after the address); the page's h1 when it does not come within
 * a few seconds. Anything the user does meanwhile, or the next route change, ends the wait.
 */
export function focusLinkWhenThere(href: string): void {
  stopWaiting?.()
  if (focusLink(href)) return
  const main = document.getElementById('main')
  if (!main) {
    requestHeadingFocus()
    return
  }
  const observer = new MutationObserver(() => {
    if (focusLink(href)) stop()
  })
  const timer = setTimeout(() => {
    stop()
    requestHeadingFocus()
  }, LINK_WAIT_MS)
  const events = ['keydown', 'pointerdown'] as const
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
    for (const event of events) document.removeEventListener(event, stop, { capture: true })
    if (stopWaiting === stop) stopWaiting = null
  }
  observer.observe(main, { childList: true, subtree: true })
  for (const event of events) document.addEventListener(event, stop, { capture: true })
  stopWaiting = stop
}
