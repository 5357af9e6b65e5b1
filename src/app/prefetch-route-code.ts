import type { DataRouter } from 'react-router-dom'
import { prefetchRouteModules } from '../lib/route-module'

type Idle = (callback: () => void, options?: { timeout: number }) => number
// At the latest this long after the first page is on screen, even if the main thread never goes idle.
const IDLE_TIMEOUT_MS = 2000

/**
 * Fetches the other pages' code once the first page is on screen and the main thread is idle, or at once when
 * the user points at or tabs to a link: a later navigation then waits for no download (issue 8).
 */
export function prefetchRouteCodeWhenIdle(
  router: Pick<DataRouter, 'state' | 'subscribe'>,
  /** More code to fetch at the same moment. */
  alsoPrefetch: () => void = () => undefined,
): void {
  let done = false
  const prefetch = () => {
    if (done) return
    done = true
    document.removeEventListener('pointerover', onIntent)
    document.removeEventListener('focusin', onIntent)
    prefetchRouteModules()
    alsoPrefetch()
  }
  function onIntent(event: Event) {
    if (event.target instanceof Element && event.target.closest('a[href]')) prefetch()
  }
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)

  const whenIdle = () => {
    const idle: Idle | undefined = window.requestIdleCallback?.bind(window)
    if (idle) idle(prefetch, { timeout: IDLE_TIMEOUT_MS })
    else setTimeout(prefetch, 0)
  }
  // The first page's loaders and code have arrived: it renders now, and the idle callback runs after that.
  if (router.state.initialized && router.state.navigation.state === 'idle') {
    whenIdle()
    return
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized || state.navigation.state !== 'idle') return
    unsubscribe()
    whenIdle()
  })
}
