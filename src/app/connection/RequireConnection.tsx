import { useMemo } from 'react'
import { Navigate, Outlet } from 'react-router-dom'
import { createClient } from '../../api/client'
import { CatalogueClientContext } from '../../api/client-context'
import { useConnection } from './ConnectionProvider'

/**
 * Pages that read the catalogue get the client for the connection in use; without a key (and no demo key)
 * the user is sent to the settings.
 */
export function RequireConnection() {
  const { connection } = useConnection()
  const client = useMemo(() => (connection ? createClient(connection) : null), [connection])
  if (!client) return <Navigate to="/settings" replace />
  return (
    <CatalogueClientContext value={client}>
      <Outlet />
    </CatalogueClientContext>
  )
}
