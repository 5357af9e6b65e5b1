/**
 * Focus moves to the page's h1 after each route change. The h1 may not exist yet when the route changes
 * (a page's code or data still on its way), so the request waits here until a heading mounts. Focusing never
 * scrolls: where the page is scrolled to is the router's scroll restoration's to say (the top for a new
 * page, the place the user left for Back and Forward).
 */
let pending = false
let keep = false

/** The next route change leaves focus alone: the page that makes it puts focus where the user acted. */
export function keepFocusOnNextNavigation(): void {
  keep = true
}

export function requestHeadingFocus(): void {
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
  pending = false
  link.focus({ preventScroll: true })
  return true
}
