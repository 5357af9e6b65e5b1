import { Outlet } from 'react-router-dom'
import { IndexConnectionContext } from '../../catalogue-index/hooks/index-connection'
import { useConnection } from './ConnectionProvider'

/**
 * Pages that work without a key but use one when there is one (the API page sends its requests with it):
 * the connection in use, or null, with no redirect to the settings.
 */
export function OptionalConnection() {
  const { connection } = useConnection()
  return (
    <IndexConnectionContext value={connection}>
      <Outlet />
    </IndexConnectionContext>
  )
}
