import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { useConnection } from '../../api/connection-in-use'
import { settingsPath } from '../../components/states/settings-redirect'

/**
 * Pages that read the catalogue: rendered once the run-time config is read, with a client for the connection
 * in use, the one their loaders used (they read it with `useConnection`). The loaders send the user to the
 * settings when there is no key; a key removed meanwhile (in another tab) does too.
 */
export function RequireConnection() {
  const { client } = useConnection()
  const location = useLocation()
  if (!client) return <Navigate to={settingsPath(`${location.pathname}${location.search}`, false)} replace />
  return <Outlet />
}
