import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import type { CatalogueClient } from '../../api/client'
import { isApiError } from '../../api/errors'
import type { ApiRecord, Filters, Info } from '../../catalogue'
import type { CollectionQueries } from '../../lib/collection-queries'
import { canonicalListSearch, type ListUrlState } from '../../lib/list-url'

/** Invalid parameters (page=abc, page=0, a repeated or unknown one) are replaced in place by the canonical URL. */
export function useCanonicalListUrl(names: readonly string[]): void {
  const location = useLocation()
  const navigate = useNavigate()
  const correction = canonicalListSearch(new URLSearchParams(location.search), names)
  useEffect(() => {
    if (correction !== null) navigate({ pathname: location.pathname, search: correction }, { replace: true })
  }, [correction, navigate, location.pathname])
}

type LastPageArgs<R extends ApiRecord, F extends string> = {
  query: UseQueryResult<{ info: Info }>
  queries: CollectionQueries<R, F>
  client: CatalogueClient
  filters: Record<F, string>
  requestFilters: Filters<F>
  page: number
  correct: (state: ListUrlState<F>) => void
}

/**
 * A page beyond the last (the service answers 404, or fewer pages than asked): asks page 1 how many pages
 * there are, then shows the last one in place. Returns true while that is under way.
 */
export function useLastPageCorrection<R extends ApiRecord, F extends string>(
  args: LastPageArgs<R, F>,
): boolean {
  const { query, queries, client, filters, requestFilters, page, correct } = args
  const { data, error, isPlaceholderData } = query
  const beyondLast =
    (page > 1 && isApiError(error) && error.kind === 'notFound') ||
    (!!data && !isPlaceholderData && page > Math.max(1, data.info.pages))
  const firstPage = useQuery({ ...queries.list(client, requestFilters, 1), enabled: beyondLast })
  const lastPage = firstPage.data ? Math.max(1, firstPage.data.info.pages) : undefined
  useEffect(() => {
    if (beyondLast && lastPage !== undefined && lastPage !== page) correct({ filters, page: lastPage })
  }, [beyondLast, lastPage, page, filters, correct])
  return beyondLast
}
