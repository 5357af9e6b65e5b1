import { useMemo } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { createClient } from '../../api/client'
import { CatalogueClientContext } from '../../api/client-context'
import { IndexConnectionContext } from '../../catalogue-index/CatalogueIndexStatus'
import { withIndexFallback } from '../../catalogue-index/offline-client'
import { settingsRedirect } from '../../components/states/settings-redirect'
import { useConnection } from './ConnectionProvider'

/**
 * Pages that read the catalogue get the client for the connection in use; without a key (and no demo key)
 * the user is sent to the settings, and comes back here once a key works. When the service cannot be reached,
 * the connection's catalogue index answers instead.
 */
export function RequireConnection() {
  const { connection } = useConnection()
  const location = useLocation()
  const client = useMemo(
    () => (connection ? withIndexFallback(createClient(connection), connection) : null),
    [connection],
  )
  if (!client) return <Navigate to="/settings" replace state={settingsRedirect(location, false)} />
  return (
    <CatalogueClientContext value={client}>
      <IndexConnectionContext value={connection}>
        <Outlet />
      </IndexConnectionContext>
    </CatalogueClientContext>
  )
}
