import type { DataRouter } from 'react-router-dom'
import { whenPageSettled } from '../lib/page-idle'
import { prefetchRouteModules, routeModulePrefetches } from '../lib/route-module'

/**
 * Fetches the other pages' code once the first page has been on screen for a moment and the main thread is
 * idle, one page per idle moment (src/lib/page-idle.ts), or all at once when the user points at or tabs to a link: a later
 * navigation then waits for no download.
 */
export function prefetchRouteCodeWhenIdle(
  router: Pick<DataRouter, 'state' | 'subscribe'>,
  /** More code to fetch, after the pages'. */
  alsoPrefetch: () => void = () => undefined,
): void {
  let cancelIdle = (): void => undefined
  let done = false
  const finish = () => {
    done = true
    cancelIdle()
    document.removeEventListener('pointerover', onIntent)
    document.removeEventListener('focusin', onIntent)
  }
  const prefetchAll = () => {
    if (done) return
    finish()
    prefetchRouteModules()
    alsoPrefetch()
  }
  function onIntent(event: Event) {
    if (event.target instanceof Element && event.target.closest('a[href]')) prefetchAll()
  }
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)

  const whenIdle = () => {
    if (!done) cancelIdle = whenPageSettled(...routeModulePrefetches(), alsoPrefetch, finish)
  }
  // The first page's loaders and code have arrived: it renders now, and the idle moments come after that.
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
