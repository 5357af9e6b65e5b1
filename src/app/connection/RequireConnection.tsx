import { Navigate, Outlet } from 'react-router-dom'
import { useConnection } from './ConnectionProvider'

/** Pages that read the catalogue need a key: without one (and no demo key), the user is sent to the settings. */
export function RequireConnection() {
  const { connection } = useConnection()
  return connection ? <Outlet /> : <Navigate to="/settings" replace />
}
