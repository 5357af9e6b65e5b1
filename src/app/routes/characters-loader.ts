import { type LoaderFunctionArgs, replace } from 'react-router-dom'
import { parseIdSelection, parsePage } from '../../catalogue'
import { parseSeason } from '../../features/characters/season'
import { CHARACTERS_APP_PATH, characterListPath } from '../../lib/character-path'
import type { RouteModule } from '../../lib/route-module'
import type { ConnectionStore } from '../connection/connection-store'
import { requireClient } from './require-client'

type Deps = { connections: ConnectionStore; page: RouteModule }

/**
 * `/characters?season=2&page=3`: a page or season that is not one (`page=0`, `season=x`, repeated) is
 * corrected in place; the list itself comes from the catalogue index, in the page.
 */
export function charactersListLoader({ connections, page }: Deps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const code = page.prepare()
    await requireClient(connections, request)
    const params = new URL(request.url).searchParams
    const pageText = params.getAll('page')
    const seasonText = params.getAll('season')
    const canonical = characterListPath({
      page: pageText.length === 1 ? (parsePage(pageText[0] ?? '') ?? 1) : 1,
      season: seasonText.length === 1 ? parseSeason(seasonText[0] ?? null) : null,
    })
    const url = new URL(request.url)
    if (`${url.pathname}${url.search}` !== canonical) throw replace(canonical)
    await code
    return null
  }
}

/** `/characters/1,1` and `/characters/[1]` (one distinct id) become `/characters/1`. */
export function characterLoader({ connections, page }: Deps) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const code = page.prepare()
    await requireClient(connections, request)
    const parsed = parseIdSelection(params.ids ?? '')
    if (parsed.ok && parsed.selection.kind === 'many' && parsed.selection.ids.length === 1) {
      throw replace(`${CHARACTERS_APP_PATH}/${parsed.selection.ids[0]}`)
    }
    await code
    return null
  }
}
