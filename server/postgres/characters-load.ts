import type pg from 'pg'
import type { AnyCollection } from '../../src/catalogue'
import { SCHEMA } from './database'
import { characterTableOf, facetColumn, identifier, tableOf } from './layout'

/*
 * The characters of a generation (contract §13, migration 0005), written by the loader inside the load's
 * transaction once the collections' tables are finished: every pair of a character and a record naming it
 * (once per record), each character's counts and seasons, and the catalogue's seasons. Seasons are read from
 * the season facet's column, which the loader wrote with the contract's own function (`S02` is season 2).
 */

/** The column of a collection's records holding their season as the season facet writes it, if any. */
export function seasonColumnOf(collection: AnyCollection): string | null {
  const facet = collection.facets.find((candidate) => candidate.name === 'season')
  return facet ? identifier(facetColumn(facet)) : null
}

/** A season's number from the season facet's value (`S02` → 2; empty: none), in SQL. */
export const seasonNumber = (column: string) => `NULLIF(substring(${column} from 2), '')::integer`

/** Writes the character tables of `generation` from its collections' tables (in the catalogue's order). */
export async function writeCharacters(
  client: pg.Client,
  generation: number,
  collections: readonly AnyCollection[],
): Promise<void> {
  const pairs = characterTableOf(generation, 'pairs')
  const characters = characterTableOf(generation, 'characters')
  const seasons = characterTableOf(generation, 'seasons')
  const name = (suffix: string) => identifier(`characters_g${generation}_${suffix}`)
  const layout = (table: string) => `${identifier(SCHEMA)}.${identifier(table)}`
  await client.query(`CREATE TABLE ${pairs} (LIKE ${layout('character_pairs_layout')})`)
  for (const [at, collection] of collections.entries()) {
    // Ids as the derivation reads them: whole numbers from 1 (the loader keeps safe integers only).
    await client.query(
      `INSERT INTO ${pairs} (character, collection, position)
       SELECT DISTINCT l.character, ${at}, t.position
         FROM ${tableOf(collection, generation)} t
         CROSS JOIN LATERAL unnest(t.${identifier(collection.characterLinks.field)}) AS l(character)
        WHERE l.character >= 1`,
    )
  }
  await client.query(
    `ALTER TABLE ${pairs} ADD CONSTRAINT ${name('pair')} PRIMARY KEY (character, collection, position)`,
  )
  await client.query(`CREATE INDEX ${name('by_record')} ON ${pairs} (collection, position, character)`)

  const seasonal = collections.flatMap((collection, at) => {
    const column = seasonColumnOf(collection)
    return column === null ? [] : [{ collection, at, column }]
  })
  const joins = seasonal
    .map(
      ({ collection, at }) =>
        ` LEFT JOIN ${tableOf(collection, generation)} s${at} ON p.collection = ${at} AND s${at}.position = p.position`,
    )
    .join('')
  const season =
    seasonal.length === 0
      ? 'NULL::integer'
      : `COALESCE(${seasonal.map(({ at, column }) => seasonNumber(`s${at}.${column}`)).join(', ')})`
  await client.query(`CREATE TABLE ${characters} (LIKE ${layout('characters_layout')})`)
  await client.query(
    `INSERT INTO ${characters} (id, ${collections.map((collection) => identifier(collection.name)).join(', ')}, seasons)
     SELECT p.character,
            ${collections.map((_, at) => `count(*) FILTER (WHERE p.collection = ${at})::integer`).join(', ')},
            COALESCE(array_agg(DISTINCT ${season} ORDER BY ${season}) FILTER (WHERE ${season} IS NOT NULL), '{}')
       FROM ${pairs} p${joins}
      GROUP BY p.character`,
  )
  await client.query(`ALTER TABLE ${characters} ADD CONSTRAINT ${name('id')} PRIMARY KEY (id)`)
  for (const collection of collections)
    await client.query(
      `CREATE INDEX ${name(`by_${collection.name}`)} ON ${characters} (${identifier(collection.name)}, id)`,
    )

  await client.query(`CREATE TABLE ${seasons} (LIKE ${layout('character_seasons_layout')})`)
  for (const { collection, column } of seasonal)
    await client.query(
      `INSERT INTO ${seasons} (season) SELECT DISTINCT ${seasonNumber(column)} FROM ${tableOf(collection, generation)} WHERE ${seasonNumber(column)} IS NOT NULL EXCEPT SELECT season FROM ${seasons}`,
    )
  for (const table of [pairs, characters, seasons]) await client.query(`ANALYZE ${table}`)
}
