import { COLLECTIONS, type Column, formatIdList } from '../catalogue'
import type { CharacterSelection } from '../catalogue/characters/character-index'
import { type DataViewUrlState, EMPTY_DATA_VIEW } from '../catalogue/views/parameters'
import { listSearch } from './list-url'

/** The explorer's characters list; a character's page is `/characters/42`, a comparison `/characters/1,2`. */
export const CHARACTERS_APP_PATH = '/characters'

export const characterPath = (ids: number | readonly number[]) =>
  `${CHARACTERS_APP_PATH}/${typeof ids === 'number' ? ids : formatIdList(ids)}`

/** A page of the characters list (see CharacterSelection). */
export type CharacterListQuery = CharacterSelection & { page: number }

/**
 * The characters list's columns as the data tool reads them: the character's number, and per collection how
 * many of its records name it (sortable, with a range).
 */
export const CHARACTER_COLUMNS: readonly Pick<Column<never>, 'field' | 'label' | 'kind' | 'range'>[] = [
  { field: 'id', label: 'Character', kind: 'id' },
  ...COLLECTIONS.map((collection) => ({
    field: collection.name,
    label: collection.labels.title,
    kind: 'count' as const,
    range: true as const,
  })),
]

/** The characters list's address: `season`, `page`, then the data tool's sort and ranges. */
export const CHARACTER_LIST = { filters: ['season'] as const, columns: CHARACTER_COLUMNS }

/** The explorer's address of a page of the characters list (page 1 and "any season" left out). */
export function characterListPath(
  { page, season }: Pick<CharacterListQuery, 'page' | 'season'>,
  view: DataViewUrlState = EMPTY_DATA_VIEW,
): string {
  const filters = { season: season === null ? '' : String(season) }
  return `${CHARACTERS_APP_PATH}${listSearch({ filters, page, view }, CHARACTER_LIST)}`
}
