import { useContext, useLayoutEffect } from 'react'
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from 'react-router-dom'

/** Where each history entry was scrolled to, by entry key: what the router restores on Back and Forward. */
const positions: Record<string, number> = {}

/**
 * React-router's scroll restoration, without its `<ScrollRestoration>` component: the router saves each entry's
 * scroll as it leaves it (`enableScrollRestoration`, part of the data router already in the first page) and
 * hands back the position for Back and Forward; this applies it, as the component does: the saved position
 * on Back and Forward, nothing for a navigation made with `preventScrollReset` (filters, paging, a
 * comparison's Add and Remove), the top of the page otherwise (a page with anchors, `/api`, scrolls to its
 * anchor itself once its content is there). The
 * component would add 1 KB (gzipped) to a first page at its budget, mostly for server rendering and for
 * keeping positions across a reload, which the explorer does not need.
 */
export function useScrollRestoration(): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const state = useContext(UNSAFE_DataRouterStateContext)
  const location = useLocation()

  useLayoutEffect(() => {
    if (!router) return
    window.history.scrollRestoration = 'manual'
    return router.enableScrollRestoration(
      positions,
      () => window.scrollY,
      (entry) => entry.key,
    )
  }, [router])

  const restore = state?.restoreScrollPosition
  const keep = state?.preventScrollReset
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new location is a navigation to apply it to.
  useLayoutEffect(() => {
    if (restore === false || restore === undefined) return
    if (typeof restore === 'number') window.scrollTo(0, restore)
    else if (!keep) window.scrollTo(0, 0)
  }, [location, restore, keep])
}
