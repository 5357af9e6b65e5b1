import { whenPageIdle, whenPageSettled } from '../lib/page-idle'
import { prefetchRouteModules, routeModulePrefetches } from '../lib/route-module'

/** What is read of the router: whether its first page has loaded. */
type RouterState = { initialized: boolean; navigation: { state: string } }
type FirstPageRouter = { state: RouterState; subscribe(listener: (state: RouterState) => void): () => void }

/**
 * Fetches the other pages' code, one page per idle moment (src/lib/page-idle.ts): the collections' pages, which
 * most visits open next and which are small, as soon as the first page is idle; the others once it has been
 * on screen for a moment; all at once when the user points at or tabs to a link. A later navigation then
 * waits for no download.
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
