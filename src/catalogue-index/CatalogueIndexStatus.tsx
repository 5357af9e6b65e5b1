import { createContext, lazy, Suspense, useContext } from 'react'
import type { Connection } from '../api/client'

/** The connection whose index the pages show; set by the routes that read the catalogue. */
export const IndexConnectionContext = createContext<Connection | null>(null)

// The index's code (worker, IndexedDB, crawler) is its own chunk, downloaded once a list is on screen.
const Panel = lazy(() => import('./IndexStatusPanel'))

/** The index's status line; `ready` once the list's first rows are on screen (the index waits for them). */
export function CatalogueIndexStatus({ ready }: { ready: boolean }) {
  const connection = useContext(IndexConnectionContext)
  if (!connection || !ready || typeof Worker === 'undefined' || !('indexedDB' in globalThis)) return null
  return (
    <Suspense fallback={null}>
      <Panel connection={connection} />
    </Suspense>
  )
}
