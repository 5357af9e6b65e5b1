import { queryOptions } from '@tanstack/react-query'
import type { CatalogueClient } from '../../api/client'
import { serviceViews } from '../../api/service-views'
import type { ApiRecord, CollectionView, Column, Filters, ListPage } from '../../catalogue'
import { facetCountsOf, viewPageSchema } from '../../catalogue/views/answer'
import { apiViewParameters, type DataViewUrlState, encodeParameters } from '../../catalogue/views/parameters'
import type { FacetCounts } from '../../catalogue/views/view'
import {
  type CollectionQueries,
  GC_TIME,
  previousOfSameService,
  RETRY_ON_MOUNT,
  STALE_TIME,
  serviceOf,
} from '../../lib/page/collection-queries'

/*
 * A list's page asked of a service that answers views (contract §12): its filters and page as ever, then the
 * view's parameters (its sort, facet values, ranges) with every facet of the list counted. One request gives
 * the rows in the view's order and the facet panel's counts; the same request whatever reads it (the loader,
 * the page, the service's render of the first view), so a rendered view hydrates with no request.
 */

/** Values of each facet asked for: as many as the facet panel lists at once when all are shown. */
export const SERVICE_FACET_SIZE = 100

/** A page of a view as the list page reads it: the rows and count, and each facet's values. */
export type ServiceViewPage<R extends ApiRecord> = ListPage<R> & { facets: FacetCounts[] }

/** The service answered the list without the echo of the view it was sent: it does not answer views. */
export class ViewNotApplied extends Error {
  constructor(readonly service: string) {
    super('The service answered the list without applying its view.')
    this.name = 'ViewNotApplied'
  }
}

/** A view's parameters as they are sent, and as the service's echo must read. */
export function viewParameters(
  collection: {
    columns: readonly Pick<Column<never>, 'field' | 'kind' | 'range'>[]
    facets: readonly { name: string }[]
  },
  state: Pick<DataViewUrlState, 'sort' | 'facets' | 'ranges'>,
): string {
  const view = {
    state: { ...state, columns: null },
    counted: collection.facets.map((facet) => facet.name),
    facetSize: SERVICE_FACET_SIZE,
    facetSizeGiven: true,
  }
  return encodeParameters(apiViewParameters(view, collection))
}

/** The query of a page of a list's view, asked of the client's service (which must answer views). */
export function serviceViewQuery<R extends ApiRecord, F extends string>(
  collection: CollectionView<R, F>,
  queries: CollectionQueries<R, F>,
  client: CatalogueClient,
  filters: Filters<F>,
  state: Pick<DataViewUrlState, 'sort' | 'facets' | 'ranges'>,
  page: number,
) {
  const parameters = viewParameters(collection, state)
  return queryOptions({
    queryKey: queries.keys.view(serviceOf(client), filters, parameters, page),
    queryFn: async ({ signal }): Promise<ServiceViewPage<R>> => {
      const schema = viewPageSchema(collection.record)
      const answer = await client.view(collection, filters, page, parameters, schema, signal)
      if (answer.info.view !== parameters) {
        // From now on the index answers this service's views (as it does for any other of the specification).
        serviceViews.learn(client.service, false)
        throw new ViewNotApplied(client.service)
      }
      const { count, pages, next, prev } = answer.info
      return {
        info: { count, pages, next, prev },
        results: answer.results,
        facets: facetCountsOf(answer.facets ?? {}, collection.facets, state.facets),
      }
    },
    placeholderData: previousOfSameService(serviceOf(client)),
    staleTime: STALE_TIME,
    gcTime: GC_TIME,
    retryOnMount: RETRY_ON_MOUNT,
  })
}
