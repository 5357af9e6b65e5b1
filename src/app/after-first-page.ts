import type { DataRouter } from 'react-router-dom'
import { prefetchRouteCodeWhenIdle } from './prefetch-route-code'
import { registerServiceWorker } from './register-service-worker'
import { prefetchPalette } from './search/SearchLauncher'

/**
 * What the explorer starts once its first page is under way, none of which that page needs: the other pages'
 * and the search palette's code on idle, and the offline shell's worker after `load`. A chunk of its own, to keep the first page's
 * JavaScript within its budget (src/bundle-budget.test.ts).
 */
export function afterFirstPage(router: Pick<DataRouter, 'routes' | 'state' | 'subscribe'>): void {
  prefetchRouteCodeWhenIdle(router, prefetchPalette)
  registerServiceWorker()
}
