import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { catalogueChanged, subscribeCatalogueChanges } from '../../api/catalogue-changed'
import { useConnection } from '../../api/connection-in-use'
import { serviceBase } from '../../catalogue'

const Banner = lazy(() => import('./CatalogueChangedBanner'))

/**
 * Says when the catalogue the page shows has been replaced on the service (contract §13), with a way to see the
 * new one (`onShowNew`); the page learns it from its next answer, or from a question every minute
 * (`version-watch.ts`), whose code, and the banner's, are downloaded only when needed.
 */
export default function CatalogueChanged({ onShowNew }: { onShowNew: () => void }) {
  const { connection } = useConnection()
  const service = connection === null ? null : serviceBase(connection.baseUrl)
  const changed = useSyncExternalStore(
    subscribeCatalogueChanges,
    () => service !== null && catalogueChanged(service),
    () => false,
  )
  useEffect(() => {
    if (connection === null) return
    let stop = () => {}
    let live = true
    void import('../../api/version-watch').then(({ watchCatalogueVersion }) => {
      if (live) stop = watchCatalogueVersion(connection)
    })
    return () => {
      live = false
      stop()
    }
  }, [connection])
  if (!changed || service === null) return null
  return (
    <Suspense fallback={null}>
      <Banner service={service} onShowNew={onShowNew} />
    </Suspense>
  )
}
