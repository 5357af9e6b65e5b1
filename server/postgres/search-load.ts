import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { AnyCollection } from '../../src/catalogue'
import { recordWords, SEARCHED_FIELDS, searchedValue, valueFieldsOf } from '../../src/catalogue/search/engine'
import { SCHEMA } from './database'
import { copyText, fieldsOf, identifier, searchTableOf, tableOf } from './layout'

/*
 * The search of a generation (contract §13, migration 0004), written by the loader inside the load's
 * transaction once the collections' tables are finished: every word with its documents, the values with their
 * counts, the character ids. Words are made by the contract's fold and tokenizer (`recordWords`, the engine's
 * own), never by the database.
 */

/** A posting holds a document's name words in its low bits (at most 63, as relevance counts them). */
export const NAME_WORD_BITS = 6
/** Documents a generation's search can number (a posting is a positive `integer`). */
export const MOST_DOCUMENTS = 2 ** (31 - NAME_WORD_BITS)

/** Records read back per FETCH while their words are written. */
const READ_BATCH = 10_000

/** The searched fields a collection has (a location's name; an episode's name and code). */
const searchedColumns = (collection: AnyCollection) =>
  fieldsOf(collection).filter((field) => (SEARCHED_FIELDS as readonly string[]).includes(field))

/**
 * Writes the search tables of `generation` from its collections' tables (`collections` in the catalogue's
 * order, with their record counts). Throws when the catalogue has more records than a posting can number.
 */
export async function writeSearch(
  client: pg.Client,
  generation: number,
  collections: readonly { collection: AnyCollection; count: number }[],
): Promise<void> {
  const total = collections.reduce((sum, { count }) => sum + count, 0)
  if (total >= MOST_DOCUMENTS)
    throw new Error(`A catalogue of ${total} records is more than search can number (${MOST_DOCUMENTS - 1}).`)
  await client.query(
    'CREATE TEMPORARY TABLE search_pairs (word text COLLATE "C" NOT NULL, posting integer NOT NULL) ON COMMIT DROP',
  )
  let start = 0
  for (const { collection, count } of collections) {
    await copyPairs(client, collection, generation, start)
    start += count
  }
  const words = searchTableOf(generation, 'words')
  const name = (suffix: string) => identifier(`search_g${generation}_${suffix}`)
  await client.query(`CREATE TABLE ${words} (LIKE ${identifier(SCHEMA)}.search_words_layout)`)
  // Letters are code points (`char_length` in a UTF-8 database).
  await client.query(
    `INSERT INTO ${words} (word, letters, frequency, postings)
     SELECT word, char_length(word), count(*), string_agg(int4send(posting), ''::bytea ORDER BY posting)
       FROM search_pairs GROUP BY word`,
  )
  await client.query(`ALTER TABLE ${words} ADD CONSTRAINT ${name('word')} PRIMARY KEY (word)`)
  // By length, then by the word's start or its end read backwards: a word one edit away keeps the query word's
  // first half or its last, and is at most one letter longer or shorter.
  await client.query(`CREATE INDEX ${name('start')} ON ${words} (letters, word)`)
  await client.query(`CREATE INDEX ${name('end')} ON ${words} (letters, reverse(word))`)
  await client.query(`ANALYZE ${words}`)
  await writeValues(client, generation, collections)
  await writeCharacters(client, generation, collections)
}

/** Each record's distinct words as (word, posting) rows of `search_pairs`, read back in position order. */
async function copyPairs(client: pg.Client, collection: AnyCollection, generation: number, start: number) {
  const columns = searchedColumns(collection)
  if (columns.length === 0) return
  const cursor = identifier(`search_read_${collection.name}`)
  await client.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT position, ${columns.map(identifier).join(', ')} FROM ${tableOf(collection, generation)} ORDER BY position`,
  )
  for (;;) {
    const { rows } = await client.query<Record<string, unknown> & { position: number }>(
      `FETCH ${READ_BATCH} FROM ${cursor}`,
    )
    if (rows.length === 0) break
    let text = ''
    for (const row of rows) {
      const { words, nameWords } = recordWords(row)
      const posting = (start + row.position) * 2 ** NAME_WORD_BITS + nameWords
      for (const word of new Set(words)) text += `${copyText(word)}\t${posting}\n`
    }
    // One COPY a batch: the connection reads the cursor between them (a COPY in progress holds it).
    await copyIn(client, 'COPY search_pairs (word, posting) FROM STDIN', text)
  }
  await client.query(`CLOSE ${cursor}`)
}

/** Runs one COPY FROM STDIN of `text`. */
async function copyIn(client: pg.Client, statement: string, text: string): Promise<void> {
  const copy = client.query(copyFrom(statement))
  const finished = new Promise<void>((resolve, reject) => {
    copy.on('finish', resolve)
    copy.on('error', reject)
  })
  copy.end(text)
  await finished
}

/**
 * The values of each value field (a location's type and dimension) with their counts, numbered in the order
 * the records first hold them (collection, then position, then field), as the engine in memory meets them.
 */
async function writeValues(
  client: pg.Client,
  generation: number,
  collections: readonly { collection: AnyCollection }[],
) {
  const found: { collection: string; field: string; value: string; count: number; order: number[] }[] = []
  for (const [collectionAt, { collection }] of collections.entries()) {
    for (const [fieldAt, field] of valueFieldsOf(collection).entries()) {
      const { rows } = await client.query<{ value: unknown; count: number; first: number }>(
        `SELECT ${identifier(field)} AS value, count(*)::integer AS count, min(position) AS first FROM ${tableOf(collection, generation)} GROUP BY 1`,
      )
      for (const row of rows) {
        const value = searchedValue(row, 'value')
        if (value !== null)
          found.push({
            collection: collection.name,
            field,
            value,
            count: row.count,
            order: [collectionAt, row.first, fieldAt],
          })
      }
    }
  }
  const before = (a: number[], b: number[]) =>
    (a[0] as number) - (b[0] as number) ||
    (a[1] as number) - (b[1] as number) ||
    (a[2] as number) - (b[2] as number)
  found.sort((a, b) => before(a.order, b.order))
  const values = searchTableOf(generation, 'values')
  await client.query(`CREATE TABLE ${values} (LIKE ${identifier(SCHEMA)}.search_values_layout)`)
  await client.query(
    `INSERT INTO ${values} (number, collection, field, value, count)
     SELECT * FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::integer[])`,
    [
      found.map((_, number) => number),
      found.map((each) => each.collection),
      found.map((each) => each.field),
      found.map((each) => each.value),
      found.map((each) => each.count),
    ],
  )
}

/** Every character id a record lists, once (ids as the engine counts them: whole numbers from 1). */
async function writeCharacters(
  client: pg.Client,
  generation: number,
  collections: readonly { collection: AnyCollection }[],
) {
  const characters = searchTableOf(generation, 'characters')
  const listed = collections.map(
    ({ collection }) =>
      `SELECT unnest(${identifier(collection.characterLinks.field)}) AS id FROM ${tableOf(collection, generation)}`,
  )
  await client.query(`CREATE TABLE ${characters} (LIKE ${identifier(SCHEMA)}.search_characters_layout)`)
  await client.query(
    `INSERT INTO ${characters} (id) SELECT DISTINCT id FROM (${listed.join(' UNION ALL ')}) l WHERE id BETWEEN 1 AND ${Number.MAX_SAFE_INTEGER}`,
  )
  await client.query(
    `ALTER TABLE ${characters} ADD CONSTRAINT ${identifier(`search_g${generation}_character`)} PRIMARY KEY (id)`,
  )
}
