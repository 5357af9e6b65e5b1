import {
  type CharacterMatch,
  CODES,
  matchedIn,
  type RecordMatch,
  rankValues,
  type SearchResults,
  type ValueMatch,
  valueDocuments,
} from '../../src/catalogue/search/engine'
import { lettersIn, oneEditApart } from '../../src/catalogue/search/one-edit'
import { parseQuery } from '../../src/catalogue/search/query'
import {
  countWords,
  hasEvery,
  type MatchedWord,
  rank,
  Tally,
  wholeNameCandidates,
} from '../../src/catalogue/search/ranking'
import {
  MOST_COMPLETIONS,
  PREFIX_FROM_LETTERS,
  TYPO_FROM_LETTERS,
} from '../../src/catalogue/search/word-index'
import { searchWords } from '../../src/catalogue/search-text'
import { ByteBoundedCache } from '../byte-cache'
import { RankedSearch, type RecordPlace, type SearchIndex } from '../catalogue/ranked-search'
import type { Database } from './database'
import { identifier, searchTableOf, tableOf } from './layout'
import { NAME_WORD_BITS } from './search-load'
import type { PostgresCollection } from './store'

/*
 * Search in PostgreSQL (contract §13), from the tables the loader wrote (migration 0004): the words a query's
 * words match are found in SQL (the word itself by its key, a prefix's completions by a range of the key, the
 * words one edit away among those of the lengths around it that keep its first or its last half, each
 * confirmed here by the contract's own rule), their documents read as packed integers, and the documents counted and
 * ranked by the one ranking every engine uses (`src/catalogue/search/ranking.ts`): the same answers as the
 * memory store's, byte for byte.
 */

/** A prefix as a `LIKE` pattern: `%`, `_` and `\` escaped (folded words hold none, but a query's prefix might). */
const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

const NAME_WORDS_MASK = 2 ** NAME_WORD_BITS - 1

interface Values {
  list: ValueMatch[]
  documents: ReturnType<typeof valueDocuments>
  tally: Tally
}

/** One generation's search engine in the database (see the module's comment). */
export class PostgresSearchEngine implements SearchIndex {
  private readonly spans: { name: string; start: number; end: number; source: PostgresCollection }[]
  private readonly size: number
  private tallyOfRecords: Tally | null = null
  /** Each document's name words, as its postings carry them (the same for every query that reads them). */
  private nameWordsOf: Uint8Array | null = null
  private values: Promise<Values> | null = null

  constructor(
    private readonly database: Database,
    private readonly generation: number,
    sources: readonly PostgresCollection[],
  ) {
    let start = 0
    this.spans = sources.map((source) => {
      const span = { name: source.collection.name, start, end: start + source.count, source }
      start = span.end
      return span
    })
    this.size = start
  }

  recordAt(document: number): RecordPlace {
    const span = this.spans.find(({ start, end }) => document >= start && document < end)
    if (!span) throw new RangeError(`No record ${document}.`)
    return { kind: 'record', collection: span.name, position: document - span.start }
  }

  spanOf(collection: string): { start: number; end: number } {
    return this.spans.find(({ name }) => name === collection) ?? { start: 0, end: 0 }
  }

  async search(query: string): Promise<SearchResults> {
    const parsed = parseQuery(query)
    const named = await this.namedBy(parsed)
    const words = parsed.kind === 'text' ? searchWords(parsed.text) : []
    if (words.length === 0) return { named, values: [], records: new Int32Array(0) }
    const [values, matched] = await Promise.all([this.valuesOf(), this.matchedWords(words)])
    const countedValues = countWords(
      values.tally,
      matchedIn(values.documents.index, words),
      0,
      values.list.length,
    )
    const countedRecords = countWords(this.recordTally(), matched, 0, this.size)
    const every = hasEvery(countedValues) || hasEvery(countedRecords)
    return {
      named,
      values: rankValues(values.documents, values.list, countedValues, words, every),
      records: await this.ranked(countedRecords, words, every),
    }
  }

  /** The positions of one collection's records that `text` finds, best first (`_search` on a list). */
  async searchCollection(collection: string, text: string): Promise<Int32Array> {
    const span = this.spans.find(({ name }) => name === collection)
    const words = searchWords(text)
    if (!span || words.length === 0) return new Int32Array(0)
    const counted = countWords(this.recordTally(), await this.matchedWords(words), span.start, span.end)
    const ranked = await this.ranked(counted, words, hasEvery(counted))
    return ranked.map((document) => document - span.start)
  }

  private recordTally(): Tally {
    this.tallyOfRecords ??= new Tally(this.size)
    return this.tallyOfRecords
  }

  private nameWords(): Uint8Array {
    this.nameWordsOf ??= new Uint8Array(this.size)
    return this.nameWordsOf
  }

  /** The documents counted, ranked, the names of those that may equal the query read first. */
  private async ranked(
    counted: ReturnType<typeof countWords>,
    words: readonly string[],
    every: boolean,
  ): Promise<Int32Array> {
    const nameWords = this.nameWords()
    const candidates = every ? wholeNameCandidates(counted, nameWords) : []
    const whole = await this.wholeNames(candidates, words.join(' '))
    return rank(counted, every, nameWords, (document) => whole.has(document))
  }

  /** Those of `documents` whose whole name's words, joined by a space, are `whole`. */
  private async wholeNames(documents: readonly number[], whole: string): Promise<Set<number>> {
    const found = new Set<number>()
    await Promise.all(
      this.spans.map(async (span) => {
        const inSpan = documents.filter((document) => document >= span.start && document < span.end)
        if (inSpan.length === 0) return
        const positions = Int32Array.from(inSpan, (document) => document - span.start)
        const records = await span.source.atPositions(positions)
        records.forEach((record, at) => {
          if (searchWords(record.name).join(' ') === whole) found.add(span.start + (positions[at] as number))
        })
      }),
    )
    return found
  }

  /**
   * What each of the query's words matches (§13), the word itself first: its key; as the last word, the
   * MOST_COMPLETIONS most frequent completions (ties in code-unit order); from TYPO_FROM_LETTERS letters, the
   * words one edit away. Then the documents of every word matched, in one read.
   */
  private async matchedWords(words: readonly string[]): Promise<MatchedWord[][]> {
    const table = searchTableOf(this.generation, 'words')
    const values: unknown[] = []
    const add = (value: unknown) => `$${values.push(value)}`
    const parts: string[] = []
    words.forEach((word, at) => {
      const letters = lettersIn(word)
      parts.push(`SELECT ${at} AS at, 0 AS kind, word, frequency FROM ${table} WHERE word = ${add(word)}`)
      if (at === words.length - 1 && letters >= PREFIX_FROM_LETTERS) {
        const like = `word LIKE ${add(prefixPattern(word))} AND word <> ${add(word)}`
        // The completions at least as frequent as the MOST_COMPLETIONS-th: ties at the edge are chosen here.
        parts.push(
          `SELECT ${at}, 1, word, frequency FROM ${table} WHERE ${like} AND frequency >= coalesce((SELECT frequency FROM ${table} WHERE ${like} ORDER BY frequency DESC OFFSET ${MOST_COMPLETIONS - 1} LIMIT 1), 0)`,
        )
      }
      if (letters >= TYPO_FROM_LETTERS) {
        // One edit leaves one half of the word as it was: its first half is a prefix of the other word, or its
        // last half a suffix. Those of the lengths around it are the candidates, each confirmed below.
        const characters = Array.from(word)
        const half = Math.floor(characters.length / 2)
        const first = prefixPattern(characters.slice(0, half).join(''))
        const last = prefixPattern(characters.slice(half).reverse().join(''))
        const lengths = `letters = ANY(${add([letters - 1, letters, letters + 1])}::integer[])`
        parts.push(
          `SELECT ${at}, 2, word, frequency FROM ${table} WHERE ${lengths} AND word LIKE ${add(first)}`,
          `SELECT ${at}, 2, word, frequency FROM ${table} WHERE ${lengths} AND reverse(word) LIKE ${add(last)}`,
        )
      }
    })
    const rows = await this.database.query<{ at: number; kind: number; word: string; frequency: number }>(
      'search-words',
      parts.join(' UNION ALL '),
      values,
      { costly: true },
    )
    const chosen = words.map((word, at) => {
      const mine = rows.filter((row) => row.at === at)
      const itself = mine.filter((row) => row.kind === 0).map((row) => row.word)
      const completions = mine
        .filter((row) => row.kind === 1)
        .sort((a, b) => b.frequency - a.frequency || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
        .slice(0, MOST_COMPLETIONS)
        .map((row) => row.word)
      const typos = mine
        .filter((row) => row.kind === 2 && oneEditApart(word, row.word))
        .map((row) => row.word)
      return [...new Set([...itself, ...completions, ...typos])]
    })
    const documents = await this.postingsOf([...new Set(chosen.flat())])
    return chosen.map((matched, at) =>
      matched.map((word) => ({
        exact: word === words[at],
        documents: documents.get(word) ?? new Int32Array(0),
      })),
    )
  }

  /** The documents of each word, ascending; each document's name words noted as its postings say. */
  private async postingsOf(words: readonly string[]): Promise<Map<string, Int32Array>> {
    const found = new Map<string, Int32Array>()
    if (words.length === 0) return found
    const rows = await this.database.query<{ word: string; postings: Buffer }>(
      'search-postings',
      `SELECT word, postings FROM ${searchTableOf(this.generation, 'words')} WHERE word = ANY($1::text[])`,
      [words],
      { costly: true },
    )
    const nameWords = this.nameWords()
    for (const { word, postings } of rows) {
      const view = new DataView(postings.buffer, postings.byteOffset, postings.length)
      const documents = new Int32Array(postings.length / 4)
      for (let at = 0; at < documents.length; at++) {
        const posting = view.getInt32(at * 4)
        const document = posting >>> NAME_WORD_BITS
        documents[at] = document
        nameWords[document] = posting & NAME_WORDS_MASK
      }
      found.set(word, documents)
    }
    return found
  }

  /** The values (types, dimensions) of the generation, read once, as the engine's documents. */
  private valuesOf(): Promise<Values> {
    this.values ??= this.database
      .query<{ collection: string; field: string; value: string; count: number }>(
        'search-values',
        `SELECT collection, field, value, count FROM ${searchTableOf(this.generation, 'values')} ORDER BY number`,
      )
      .then((rows) => {
        const list = rows.map((row): ValueMatch => ({ kind: 'value', ...row }))
        return { list, documents: valueDocuments(list), tally: new Tally(list.length) }
      })
    // A failed read is asked again next time, never kept.
    this.values.catch(() => {
      this.values = null
    })
    return this.values
  }

  /** What a query names (§13): an episode by its code, a season's episodes in code order, a character. */
  private async namedBy(parsed: ReturnType<typeof parseQuery>): Promise<(RecordMatch | CharacterMatch)[]> {
    if (parsed.kind === 'text') {
      if (parsed.character === null) return []
      const [row] = await this.database.query<{ listed: boolean }>(
        'search-character',
        `SELECT EXISTS (SELECT 1 FROM ${searchTableOf(this.generation, 'characters')} WHERE id = $1) AS listed`,
        [parsed.character],
      )
      return row?.listed ? [{ kind: 'character', id: parsed.character }] : []
    }
    const span = this.spans.find(({ name }) => name === CODES.collection)
    if (!span) return []
    const code = identifier(CODES.field)
    // A code held twice names the last record holding it, as the engine in memory keeps it.
    const rows = await this.database.query<{ code: string; position: number; id: number }>(
      'search-codes',
      `SELECT DISTINCT ON (${code}) ${code} AS code, position, id FROM ${tableOf(span.source.collection, this.generation)}
        WHERE ${parsed.kind === 'episode' ? `${code} = $1` : `${code} LIKE $1`} ORDER BY ${code}, position DESC`,
      [parsed.kind === 'episode' ? parsed.code : prefixPattern(parsed.prefix)],
    )
    return rows
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
      .map((row) => ({ kind: 'record', collection: span.name, position: row.position, id: Number(row.id) }))
  }
}

/** Memory for the positions `_search` found of recent queries, per generation. */
const KEPT_BYTES = 8 * 1024 * 1024

/** PostgreSQL's search of one generation: `/v1/search` (RankedSearch) and `_search`'s positions. */
export class PostgresSearch extends RankedSearch {
  private readonly positions = new ByteBoundedCache<Int32Array>(KEPT_BYTES, (found) => found.byteLength)

  constructor(
    private readonly databaseEngine: PostgresSearchEngine,
    sources: readonly PostgresCollection[],
  ) {
    super(databaseEngine, sources)
  }

  async positionsOf(collection: string, text: string): Promise<Int32Array> {
    const key = JSON.stringify([collection, text])
    const known = this.positions.get(key)
    if (known) return known
    const found = await this.databaseEngine.searchCollection(collection, text)
    this.positions.set(key, found)
    return found
  }
}
