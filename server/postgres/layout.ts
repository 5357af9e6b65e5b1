import { z } from 'zod/mini'
import { type AnyCollection, type DatasetRecord, foldCase } from '../../src/catalogue'
import { columnValue, facetValue } from '../../src/catalogue/columns'
import { SCHEMA } from './database'

/**
 * How a collection is laid out in the database: one table per generation (`catalogue.locations_g7`), made
 * LIKE the collection's layout table of the migrations (`catalogue.locations_layout`), with `position` (the
 * record's place in id order), the dataset's fields under their own names, and `<filter>_folded` for each
 * filter. Names come from the collection's definition, never from a request.
 */

const NAME = /^[a-z_][a-z0-9_]*$/

/** A name as SQL writes it, quoted (only names of the definitions, checked, ever reach here). */
export function identifier(name: string): string {
  if (!NAME.test(name)) throw new Error(`${name} cannot name a table or column`)
  return `"${name}"`
}

/** The dataset's fields of a collection, in the order its schema lists them (`id`, `name`, …). */
export function fieldsOf(collection: AnyCollection): string[] {
  const schema = collection.dataset
  if (!(schema instanceof z.ZodMiniObject))
    throw new Error(`The dataset schema of ${collection.name} is not an object`)
  return Object.keys(schema.shape)
}

export const foldedColumn = (field: string) => `${field}_folded`

type Column = AnyCollection['columns'][number]
type Facet = AnyCollection['facets'][number]

/** The column holding a facet's value: its field, or for a facet that derives its value (a season), its own. */
export const facetColumn = (facet: Facet) => (facet.value ? `facet_${facet.name}` : facet.field)

/** Whether the data tool reads a column as a number (a count, a date as UTC milliseconds) rather than as text. */
const isNumber = (column: Column) => column.kind !== 'text' && column.kind !== 'id'

/** The column holding a column's value as the data tool compares it, when that is a number. */
export const numberColumn = (column: Column) => `${column.field}_number`

/**
 * What views read that the dataset does not hold as such, written by the loader with the contract's own
 * functions (`facetValue`, `columnValue`), never computed by the database: each derived facet value, and each
 * count or date column as a number (null: none).
 */
export function derivedColumnsOf(
  collection: AnyCollection,
): { column: string; value: (record: DatasetRecord) => string | number | null }[] {
  return [
    ...collection.facets
      .filter((facet) => facet.value)
      .map((facet) => ({
        column: facetColumn(facet),
        value: (record: DatasetRecord) => facetValue(record, facet),
      })),
    ...collection.columns.filter(isNumber).map((column) => ({
      column: numberColumn(column),
      value: (record: DatasetRecord) => columnValue(record, column),
    })),
  ]
}

/** Every column of a generation's table, in the order the loader writes them. */
export function columnsOf(collection: AnyCollection): string[] {
  return [
    'position',
    ...fieldsOf(collection),
    ...collection.filters.map(foldedColumn),
    ...derivedColumnsOf(collection).map(({ column }) => column),
  ]
}

/**
 * The narrow table of a collection's views in a generation (`catalogue.locations_g7_views`): each record's
 * position, facet values, numbers, and its place in each column's order either way (see `sortColumn`).
 */
export function viewsTableOf(collection: AnyCollection, generation: number): string {
  return `${identifier(SCHEMA)}.${identifier(`${collection.name}_g${generation}_views`)}`
}

/** The collation of the data tool's order of text (migration 0002: ICU, numeric, base letters only). */
export const READER_ORDER = `${identifier(SCHEMA)}.reader_order`

/**
 * A column's sort key as the views table's ranks are made from it: the position for ids (id order), the
 * number, or the text in the reader's order with an empty text as none (sorted last either way).
 */
export function sortKeyOf(column: Column): string {
  if (column.kind === 'id') return 'position'
  if (isNumber(column)) return identifier(numberColumn(column))
  return `NULLIF(${identifier(column.field)}, '') COLLATE ${READER_ORDER}`
}

/**
 * The views table's column of a column's order: 0 for the first record of the view sorted by it, ascending or
 * descending, equal values and empty ones by ascending id (empty values last either way).
 */
export const sortColumn = (column: Column, descending: boolean) =>
  `${column.field}_${descending ? 'desc' : 'asc'}`

/** The table of a collection in a generation, qualified and quoted. */
export function tableOf(collection: AnyCollection, generation: number): string {
  return `${identifier(SCHEMA)}.${identifier(`${collection.name}_g${generation}`)}`
}

/**
 * The narrow table of a collection's filters in a generation (`catalogue.locations_g7_filters`): each record's
 * position and folded values, with the trigram indexes. A filter rechecks and scans it instead of the records'
 * table, which holds every field (character ids included): a third of its size, so it stays in memory.
 */
export function filtersTableOf(collection: AnyCollection, generation: number): string {
  return `${identifier(SCHEMA)}.${identifier(`${collection.name}_g${generation}_filters`)}`
}

/** What the search of a generation keeps (migration 0004): its words, its values, its characters. */
export type SearchPart = 'words' | 'values' | 'characters'

/** A table of the search of a generation (`catalogue.search_g7_words`), made LIKE `search_<part>_layout`. */
export function searchTableOf(generation: number, part: SearchPart): string {
  return `${identifier(SCHEMA)}.${identifier(`search_g${generation}_${part}`)}`
}

/** What the characters of a generation keep (migration 0005): its pairs, each character, the seasons. */
export type CharacterPart = 'pairs' | 'characters' | 'seasons'

/** A table of the characters of a generation: `catalogue.characters_g7`, `…_g7_pairs`, `…_g7_seasons`. */
export function characterTableOf(generation: number, part: CharacterPart): string {
  const suffix = part === 'characters' ? '' : `_${part}`
  return `${identifier(SCHEMA)}.${identifier(`characters_g${generation}${suffix}`)}`
}

/** The name of every table of a generation (`locations_g7`, `…_g7_filters`, `…_g7_views`, `search_g7_words`). */
export const GENERATION_TABLE = '_g([0-9]+)(_filters|_views|_words|_values|_characters|_pairs|_seasons)?$'

/** The generation a table of the catalogue belongs to, or null. */
export function generationOfTable(table: string): number | null {
  const match = new RegExp(GENERATION_TABLE).exec(table)
  return match ? Number(match[1]) : null
}

/** The layout table every generation's table of the collection is made like. */
export function layoutOf(collection: AnyCollection): string {
  return `${identifier(SCHEMA)}.${identifier(`${collection.name}_layout`)}`
}

/** A value in COPY's text format: a backslash, tab, newline or carriage return escaped (U+0000 never occurs). */
export function copyText(text: string): string {
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (character) => COPY_ESCAPES[character] as string)
    : text
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

function copyValue(value: unknown): string {
  if (value === null) return '\\N'
  if (typeof value === 'string') return copyText(value)
  if (typeof value === 'number') return String(value)
  // The only arrays of a dataset record are of whole numbers (character ids).
  if (Array.isArray(value)) return `{${value.join(',')}}`
  throw new Error(`A dataset value of type ${typeof value} has no column type`)
}

/**
 * Writes records as COPY lines in the order of `columnsOf`: the position, each field, each filter's folded
 * value, computed here with the contract's own `foldCase` (never the database's case folding), then what views
 * derive (`derivedColumnsOf`).
 */
export function copyWriter(collection: AnyCollection): (record: DatasetRecord, position: number) => string {
  const fields = fieldsOf(collection)
  const { filters } = collection
  const derived = derivedColumnsOf(collection)
  return (record, position) => {
    let line = String(position)
    const values: Record<string, unknown> = record
    for (const field of fields) line += `\t${copyValue(values[field])}`
    for (const field of filters) line += `\t${copyText(foldCase(collection.filterText(record, field)))}`
    for (const { value } of derived) line += `\t${copyValue(value(record))}`
    return `${line}\n`
  }
}
