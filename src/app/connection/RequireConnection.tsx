import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { CatalogueClientContext } from '../../api/client-context'
import { IndexConnectionContext } from '../../catalogue-index/hooks/index-connection'
import { settingsPath } from '../../components/states/settings-redirect'
import { useConnection } from './ConnectionProvider'

/**
 * Pages that read the catalogue get the client for the connection in use, the one their loaders used. The
 * loaders send the user to the settings when there is no key; a key removed meanwhile (in another tab) does too.
 */
export function RequireConnection() {
  const { client, connection } = useConnection()
  const location = useLocation()
  if (!client) return <Navigate to={settingsPath(`${location.pathname}${location.search}`, false)} replace />
  return (
    <CatalogueClientContext value={client}>
      <IndexConnectionContext value={connection}>
        <Outlet />
      </IndexConnectionContext>
    </CatalogueClientContext>
  )
}
