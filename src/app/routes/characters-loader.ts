import type { QueryClient } from '@tanstack/react-query'
import { type LoaderFunctionArgs, replace } from 'react-router-dom'
import type { ConnectionStore } from '../../api/connection-in-use'
import { parseSeason } from '../../features/characters/season'
import { CHARACTER_LIST, characterListPath } from '../../lib/character-path'
import { readListUrl } from '../../lib/list-url'
import type { RouteModule } from '../../lib/page/route-module'
import { requireClient } from './require-client'
import { servedBy } from './served-by'

type Deps = {
  connections: ConnectionStore
  queryClient: QueryClient
  page: RouteModule
  /** The characters list, characters by id (`/characters/1,2`), or the insights. */
  shows: 'list' | 'ids' | 'insights'
}

/**
 * The characters list's address in its one canonical form (`season` a number from 1, `page` from 2, a sort
 * and ranges the list has), or null when it is already: `?season=x&page=0` is `/characters`.
 */
export function canonicalCharactersAddress(url: URL): string | null {
  const { filters, page, view } = readListUrl(url.searchParams, CHARACTER_LIST)
  const canonical = characterListPath({ page, season: parseSeason(filters.season || null) }, view)
  return canonical === `${url.pathname}${url.search}` ? null : canonical
}

/**
 * The loader of the character pages and the insights: a key is needed (their links lead to the service's
 * records), and the page's code. A service that answers them (contract §13) is asked here, in the query the
 * page reads (so that the service's first view holds the answer), unless the catalogue index is known to answer
 * (`service-answers.ts`, part of the pages' code). The list's address is corrected here, in place, as the other
 * lists' are (a page beyond the last is the page's to correct, once it is answered).
 */
export function characterPagesLoader({ connections, queryClient, page, shows }: Deps) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url)
    if (shows === 'list') {
      const canonical = canonicalCharactersAddress(url)
      if (canonical !== null) throw replace(canonical)
    }
    const code = page.prepare()
    const client = await requireClient(connections, request)
    if (await servedBy(connections, client, shows === 'insights' ? 'insights' : 'characters')) {
      const { startServiceAnswer } = await import('./service-answers')
      const asked =
        shows === 'list' ? { list: url.searchParams } : shows === 'ids' ? { ids: params.ids ?? '' } : shows
      await startServiceAnswer(asked, { queryClient, client })
    }
    await code
    return null
  }
}
