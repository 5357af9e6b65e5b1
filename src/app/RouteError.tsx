import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { Layout } from '../components/layout/Layout'
import { NotFoundPage } from './NotFoundPage'

/** What the router shows when a route itself fails (not a request, which a page shows in place). */
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Layout>
        <NotFoundPage />
      </Layout>
    )
  }
  return <Layout failure={error} />
}
