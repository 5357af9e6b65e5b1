import { type LoaderFunctionArgs, replace } from 'react-router-dom'
import type { ConnectionStore } from '../../api/connection-in-use'
import { parseSeason } from '../../features/characters/season'
import { CHARACTER_LIST, characterListPath } from '../../lib/character-path'
import { readListUrl } from '../../lib/list-url'
import type { RouteModule } from '../../lib/page/route-module'
import { requireClient } from './require-client'

type Deps = { connections: ConnectionStore; page: RouteModule; list?: boolean }

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
 * The character pages' loader: a key is needed (their links lead to the service's records), and the page's
 * code. Their data comes from the catalogue index, in the page; the list's address is corrected here, in
 * place, as the other lists' are (a page beyond the last is the page's to correct, once the index answers).
 */
export function characterPagesLoader({ connections, page, list = false }: Deps) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (list) {
      const canonical = canonicalCharactersAddress(new URL(request.url))
      if (canonical !== null) throw replace(canonical)
    }
    const code = page.prepare()
    await requireClient(connections, request)
    await code
    return null
  }
}
