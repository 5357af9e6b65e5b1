import type { LoaderFunctionArgs } from 'react-router-dom'
import type { ConnectionStore } from '../../api/connection-in-use'
import type { RouteModule } from '../../lib/route-module'
import { requireClient } from './require-client'

type Deps = { connections: ConnectionStore; page: RouteModule }

/**
 * The character pages' loader: a key is needed (their links lead to the service's records), and the page's
 * code. Their data comes from the catalogue index, in the page, which also corrects its own address (kept out
 * of the first page's code, whose budget is tight).
 */
export function characterPagesLoader({ connections, page }: Deps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const code = page.prepare()
    await requireClient(connections, request)
    await code
    return null
  }
}
