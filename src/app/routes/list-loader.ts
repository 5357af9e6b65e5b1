import { type LoaderFunctionArgs, replace, type ShouldRevalidateFunctionArgs } from 'react-router-dom'
import { effectiveConnection } from '../../api/connection-in-use'
import { isApiError } from '../../api/errors'
import { serviceViews } from '../../api/service-views'
import { type ApiRecord, appliedFilterValues, type ListPage } from '../../catalogue'
import { EMPTY_DATA_VIEW } from '../../catalogue/views/parameters'
import { indexCompleteness } from '../../catalogue-index/client/index-completeness'
import { settingsPath } from '../../components/states/settings-redirect'
import { listSourceOf } from '../../lib/answerer'
import { canonicalListSearch, listSearch, readListUrl } from '../../lib/list-url'
import { appPathOf, type LoaderDeps, requireClient } from './require-client'

/**
 * A list's loader: corrects the address in place (a bad or repeated parameter, an overlong filter, a page
 * beyond the last, a view parameter the list does not have), and starts the request for the page the address
 * asks for, in the same query the page reads, from the source the one rule names (`listSourceOf`, which the
 * list page's hook calls too): a view the index answers asks nothing; a service that answers views is asked
 * with the view's parameters and its facets counted; any other list is the specification's page. It also
 * starts the one for the heading's count of the whole catalogue (the unfiltered page 1, asked the same way),
 * so that the service's first view holds both. It waits for the answer only where the answer can change the
 * address (a page after the first); page 1 renders at once with its loading state.
 */
export function listLoader<R extends ApiRecord, F extends string>(deps: LoaderDeps<R, F>) {
  const { collection, queries, queryClient, connections } = deps
  return async ({ request }: LoaderFunctionArgs) => {
    const code = deps.page.prepare()
    const url = new URL(request.url)
    const canonical = canonicalListSearch(url.searchParams, collection)
    if (canonical !== null) throw replace(`${url.pathname}${canonical ? `?${canonical}` : ''}`)

    const client = await requireClient(connections, request)
    const { filters, page, view } = readListUrl(url.searchParams, collection)
    const config = await connections.config
    const connection = effectiveConnection(connections.saved(), config.demoKey)
    const known = {
      index: connection !== null && indexCompleteness.known(connection) ? 'ready' : 'incomplete',
      service: serviceViews.answers(client.service, config),
    } as const
    const source = listSourceOf(view, known)
    // The heading's count is the unfiltered list's page 1, from the source that answers that list.
    const serviceView =
      listSourceOf(EMPTY_DATA_VIEW, known) === 'views'
        ? (await import('../../components/list/service-view')).serviceViewQuery
        : null
    // The heading's count ("126 locations in the catalogue"): the page shows it whatever the address.
    const count: Promise<unknown> = serviceView
      ? queryClient.ensureQueryData(serviceView(collection, queries, client, {}, EMPTY_DATA_VIEW, 1))
      : queryClient.ensureQueryData(queries.list(client, {}, 1))
    count.catch(() => undefined)
    // A sort, facet values or ranges the index answers (ready, or no service does): on the page (ListPage).
    if (source === 'index') {
      await code
      return null
    }
    const wanted = appliedFilterValues(collection.filters, filters)
    const ask = (at: number): Promise<ListPage<R>> =>
      serviceView && source === 'views'
        ? queryClient.ensureQueryData(serviceView(collection, queries, client, wanted, view, at))
        : queryClient.ensureQueryData(queries.list(client, wanted, at))
    const answer = ask(page)
    if (page === 1) {
      answer.catch(() => undefined) // the page shows a failure, from the same query
      await code
      return null
    }
    const [, pages] = await Promise.all([code, pagesAfter(answer)])
    if (pages === 'unauthorized') throw replace(settingsPath(appPathOf(request), true))
    if (pages !== null && page > Math.max(1, pages)) {
      throw replace(`${url.pathname}${listSearch({ filters, page: Math.max(1, pages), view }, collection)}`)
    }
    return null

    /** How many pages the list has, once a later page is answered; null when that cannot be known now. */
    async function pagesAfter(pending: typeof answer): Promise<number | 'unauthorized' | null> {
      try {
        return (await pending).info.pages
      } catch (error) {
        if (isApiError(error) && error.kind === 'unauthorized') return 'unauthorized'
        // A page beyond the last may be answered 404: page 1 tells how many there are.
        if (!isApiError(error) || error.kind !== 'notFound') return null // the page shows the failure
        return ask(1).then(
          (first) => first.info.pages,
          () => null,
        )
      }
    }
  }
}

/**
 * Whether a list's loader runs for the list's next address. A change of view (a sort, facet values, ranges) that
 * the complete index answers asks the loader nothing (see `listLoader`): the router then moves to the address
 * at once, with no loading state between, and the list renders once fewer. An address to correct still loads.
 */
export function listShouldRevalidate<R extends ApiRecord, F extends string>(
  deps: Pick<LoaderDeps<R, F>, 'collection' | 'connections'>,
) {
  const { collection, connections } = deps
  return ({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) => {
    const connection = connections.inUse()
    const indexed = !!connection && indexCompleteness.known(connection)
    const { searchParams } = nextUrl
    const answered =
      indexed &&
      canonicalListSearch(searchParams, collection) === null &&
      listSourceOf(readListUrl(searchParams, collection).view, { index: 'ready', service: undefined }) ===
        'index'
    return defaultShouldRevalidate && !answered
  }
}
