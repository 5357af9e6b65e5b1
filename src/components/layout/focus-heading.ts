/**
 * Focus moves to the page's h1 after each route change. The h1 may not exist yet when the route changes
 * (a page's code or data still on its way), so the request waits here until a heading mounts.
 */
let pending = false

export function requestHeadingFocus(): void {
  const heading = document.querySelector<HTMLElement>('#main h1')
  if (heading) {
    pending = false
    heading.focus()
  } else {
    pending = true
  }
}

/** Called by a heading as it mounts: takes the focus when a route change is still waiting for one. */
export function takePendingHeadingFocus(heading: HTMLElement | null): void {
  if (!pending || !heading) return
  pending = false
  heading.focus()
}
