import { type LoaderFunctionArgs, replace } from 'react-router-dom'
import { type ApiRecord, parseIdSelection } from '../../catalogue'
import { type LoaderDeps, requireClient } from './require-client'
import { servedBy } from './served-by'

/**
 * A record page's loader (`/locations/7`, or `/locations/1,5,9` to compare): one distinct id is that record's
 * own page (`/locations/1,1,1` and `/locations/[1]` become `/locations/1`); otherwise it starts the request
 * the page reads and lets the page render its loading state.
 */
export function recordLoader<R extends ApiRecord, F extends string>(deps: LoaderDeps<R, F>) {
  const { collection, queries, queryClient, connections, page } = deps
  return async ({ request, params }: LoaderFunctionArgs) => {
    const code = page.prepare()
    const client = await requireClient(connections, request)
    const parsed = parseIdSelection(params.ids ?? '')
    if (!parsed.ok) {
      await code
      return null
    }
    const { selection } = parsed
    if (selection.kind === 'many' && selection.ids.length === 1) {
      throw replace(`${collection.appPath}/${selection.ids[0]}${new URL(request.url).search}`)
    }
    const answer =
      selection.kind === 'one'
        ? queryClient.ensureQueryData(queries.detail(client, selection.id))
        : selection.ids.length > 0
          ? queryClient.ensureQueryData(queries.many(client, selection.ids))
          : null
    answer?.catch(() => undefined) // the page shows the failure, from the same query
    // A record's related records, when its service answers them (contract §13), so its first view holds them.
    const related =
      selection.kind === 'one' && (await servedBy(connections, client, 'related'))
        ? import('./service-answers').then(({ startServiceAnswer }) =>
            startServiceAnswer(
              { related: { collection: collection.name, id: selection.id } },
              { queryClient, client },
            ),
          )
        : null
    await Promise.all([code, related])
    return null
  }
}
