import { useMemo } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { createClient } from '../../api/client'
import { CatalogueClientContext } from '../../api/client-context'
import { settingsRedirect } from '../../components/states/settings-redirect'
import { useConnection } from './ConnectionProvider'

/**
 * Pages that read the catalogue get the client for the connection in use; without a key (and no demo key)
 * the user is sent to the settings, and comes back here once a key works.
 */
export function RequireConnection() {
  const { connection } = useConnection()
  const location = useLocation()
  const client = useMemo(() => (connection ? createClient(connection) : null), [connection])
  if (!client) return <Navigate to="/settings" replace state={settingsRedirect(location, false)} />
  return (
    <CatalogueClientContext value={client}>
      <Outlet />
    </CatalogueClientContext>
  )
}
