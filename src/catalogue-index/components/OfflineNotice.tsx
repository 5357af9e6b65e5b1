import { lazy, Suspense } from 'react'
import { useOfflineAsOf } from '../hooks/use-offline'

const Banner = lazy(() => import('./OfflineBanner'))

/** The offline banner, whose code is downloaded only when the index answers for the service. */
export function OfflineNotice() {
  const asOf = useOfflineAsOf()
  if (asOf === null) return null
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  )
}
