import { matchRoutes, type RouteObject } from 'react-router-dom'
import { whenPageIdle, whenPageSettled } from '../lib/page/page-idle'
import { pageCodePrefetchOf, routeModulePrefetches } from '../lib/page/route-module'

/** What is read of the router: its routes, and whether its first page has loaded. */
type RouterState = { initialized: boolean; navigation: { state: string } }
type FirstPageRouter = {
  routes: RouteObject[]
  state: RouterState
  subscribe(listener: (state: RouterState) => void): () => void
}

/**
 * Fetches the other pages' code, one page per idle moment (src/lib/page/page-idle.ts): the collections' pages, which
 * most visits open next and which are small, as soon as the first page is idle; the others once it has been
 * on screen for a moment; a link's page at once when the user points at or tabs to it. A later navigation
 * then waits for no download.
 */
export function prefetchRouteCodeWhenIdle(
  router: FirstPageRouter,
  /** More code to fetch, after the pages'. */
  alsoPrefetch: () => void = () => undefined,
): void {
  let cancelSoon = (): void => undefined
  let cancelIdle = (): void => undefined
  let done = false
  const finish = () => {
    done = true
    cancelSoon()
    cancelIdle()
    document.removeEventListener('pointerover', onIntent)
    document.removeEventListener('focusin', onIntent)
  }
  function onIntent(event: Event) {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
    for (const { route } of matchRoutes(router.routes, link.pathname) ?? [])
      pageCodePrefetchOf(route.handle)?.()
  }
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)

  const whenIdle = () => {
    if (done) return
    cancelSoon = whenPageIdle(...routeModulePrefetches('idle'))
    cancelIdle = whenPageSettled(...routeModulePrefetches('settled'), alsoPrefetch, finish)
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
