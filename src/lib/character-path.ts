import { formatIdList } from '../catalogue'
import { listSearch } from './list-url'

/** The explorer's characters list; a character's page is `/characters/42`, a comparison `/characters/1,2`. */
export const CHARACTERS_APP_PATH = '/characters'

export const characterPath = (ids: number | readonly number[]) =>
  `${CHARACTERS_APP_PATH}/${typeof ids === 'number' ? ids : formatIdList(ids)}`

/** A page of the characters list: all of them, or those appearing in one season. */
export type CharacterListQuery = { page: number; season: number | null }

/** The explorer's address of a page of the characters list (page 1 and "any season" left out). */
export function characterListPath({ page, season }: CharacterListQuery): string {
  const filters = { season: season === null ? '' : String(season) }
  return `${CHARACTERS_APP_PATH}${listSearch({ filters, page }, { filters: ['season'] })}`
}
