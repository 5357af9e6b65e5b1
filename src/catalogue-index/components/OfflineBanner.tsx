import { useQueryClient } from '@tanstack/react-query'
import { formatAsOf } from '../../lib/format'
import { setOffline, useOfflineAsOf } from '../hooks/use-offline'

/** "Offline: showing the catalogue as of 09:41, 23 Nov", with Retry, while the index answers for the service. */
export default function OfflineBanner() {
  const asOf = useOfflineAsOf()
  const queryClient = useQueryClient()
  if (asOf === null) return null
  const retry = () => {
    setOffline(null)
    void queryClient.invalidateQueries()
  }
  return (
    <div className="offline-banner" role="status">
      <p>Offline: showing the catalogue as of {formatAsOf(asOf)}</p>
      <button type="button" className="button button-secondary" onClick={retry}>
        Retry
      </button>
    </div>
  )
}
