import { lazy, Suspense, useContext } from 'react'
import type { Filters } from '../catalogue'
import { IndexConnectionContext } from './index-connection'

// The index's code (worker, IndexedDB, crawler) is its own chunk, downloaded once a list is on screen.
const Panel = lazy(() => import('./IndexStatusPanel'))
const Export = lazy(() => import('./ExportButtons'))

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

/** Export CSV and JSON of the whole filtered list; its code is its own chunk too. */
export function ListExport(props: {
  collection: { name: string; listPath: string; filters: readonly string[] }
  filters: Filters<string>
}) {
  if (typeof Worker === 'undefined') return null
  return (
    <Suspense fallback={null}>
      <Export {...props} />
    </Suspense>
  )
}
