import { lazy, Suspense } from 'react'
import { useConnection } from '../../api/connection-in-use'
import { useIndexSupported } from '../hooks/index-support'
import type { ExportRequest } from '../protocol/worker-api'

// The index's code (worker, IndexedDB, crawler) is its own chunk, downloaded once a list is on screen.
const Panel = lazy(() => import('./IndexStatusPanel'))
const Export = lazy(() => import('./ExportButtons'))

/**
 * The index's status line; `ready` once the list's first rows are on screen (the index waits for them). Its
 * line is kept from the start, so that its arrival moves nothing below it. `autoIndex` (by default): a small
 * catalogue is indexed unasked (the worker finds out whether it is small); off where the page knows it is not.
 */
export function CatalogueIndexStatus({ ready, autoIndex = true }: { ready: boolean; autoIndex?: boolean }) {
  const { connection } = useConnection()
  const supported = useIndexSupported()
  const shown = connection && ready && supported
  return (
    <div className="index-status-line">
      {shown && (
        <Suspense fallback={null}>
          <Panel connection={connection} autoIndex={autoIndex} />
        </Suspense>
      )}
    </div>
  )
}

/** Export CSV and JSON of the whole filtered list, or of its view as shown; its code is its own chunk too. */
export function ListExport(props: ExportRequest) {
  const supported = useIndexSupported()
  if (!supported) return null
  return (
    <Suspense fallback={null}>
      <Export {...props} />
    </Suspense>
  )
}
