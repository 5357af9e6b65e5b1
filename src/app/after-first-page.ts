import type { QueryClient } from '@tanstack/react-query'
import type { DataRouter } from 'react-router-dom'
import type { ConnectionStore } from '../api/connection-in-use'
import { showCatalogueChanges } from './catalogue-changed-host'
import { prefetchRouteCodeWhenIdle } from './prefetch-route-code'
import { registerServiceWorker } from './register-service-worker'
import { prefetchPalette } from './search/SearchLauncher'

/**
 * What the explorer starts once its first page is under way, none of which that page needs: the other pages'
 * and the search palette's code on idle, the offline shell's worker after `load`, and what says that the
 * catalogue changed under the page. A chunk of its own, to keep the first page's JavaScript within its budget
 * (src/bundle-budget.test.ts).
 */
export function afterFirstPage(
  router: Pick<DataRouter, 'routes' | 'state' | 'subscribe' | 'revalidate'>,
  app: { queryClient: QueryClient; connections: ConnectionStore },
): void {
  prefetchRouteCodeWhenIdle(router, prefetchPalette)
  registerServiceWorker()
  showCatalogueChanges({ router, ...app })
}
