import type { AnyCollection } from '../collection'
import { finish, finishInTurns } from '../in-steps'
import { characterIdFromUrl } from '../records'
import { searchWords } from '../search-text'
import { type ParsedQuery, parseQuery } from './query'
import { type Counted, countWords, hasEvery, type MatchedWord, nameWordCount, rank, Tally } from './ranking'
import { STEP_SIZE, WordIndex } from './word-index'

/*
 * The catalogue's search (contract §13), over records held in memory: the explorer's index worker and the
 * service's memory store answer with it, and PostgreSQL's queries are held to its answers. Records are found
 * by their name and an episode's code; the other fields a list filters on (a location's type and dimension)
 * are values, found as values with their record counts. Kept out of `../index.ts`: the first page's code
 * does not carry it.
 */

/** The fields whose words find a record. */
export const SEARCHED_FIELDS = ['name', 'episode'] as const
/** The field holding an episode's code, which `s2e3` and `S2` name. */
const CODE_FIELD = 'episode'
const EPISODES = 'episodes'

const isSearched = (field: string) => (SEARCHED_FIELDS as readonly string[]).includes(field)

/**
 * A record's words (§13): its name's, then those of its other searched fields (an episode's code); and how
 * many are its name's, as relevance counts them.
 */
export function recordWords(record: Readonly<Record<string, unknown>>): {
  words: string[]
  nameWords: number
} {
  const words = searchWords(typeof record.name === 'string' ? record.name : '')
  const nameWords = nameWordCount(words)
  for (const field of SEARCHED_FIELDS) {
    const text = field === 'name' ? null : record[field]
    if (typeof text === 'string') words.push(...searchWords(text))
  }
  return { words, nameWords }
}

/** The fields whose values are found as values: those a list filters on beyond the searched ones. */
export const valueFieldsOf = (collection: Pick<AnyCollection, 'filters'>): string[] =>
  collection.filters.map(String).filter((field) => !isSearched(field))

/** A record's value of a value field, as a search finds it; null when it has none (or only blanks). */
export function searchedValue(record: Readonly<Record<string, unknown>>, field: string): string | null {
  const value = record[field]
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

/** The episode code a record is named by (`s2e3`, `S2`), when its collection has codes. */
export function codeOf(collection: Pick<AnyCollection, 'name'>, record: Readonly<Record<string, unknown>>) {
  const code = collection.name === EPISODES ? record[CODE_FIELD] : null
  return typeof code === 'string' ? code : null
}

/** The collection whose records `s2e3` and `S2` name, and the field holding their codes. */
export const CODES = { collection: EPISODES, field: CODE_FIELD } as const

/** A character id a record lists, as the search counts it; null for a link that names none. */
export function characterIdOf(link: unknown): number | null {
  const id = typeof link === 'number' ? link : typeof link === 'string' ? characterIdFromUrl(link) : null
  return id !== null && Number.isSafeInteger(id) && id >= 1 ? id : null
}

/** What the engine reads of a collection. */
export type SearchedCollection = Pick<AnyCollection, 'name' | 'filters' | 'characterLinks'>

/** A record as the engine reads it: an id and fields by name (a record of the API or of a dataset file). */
type SearchedRecord = { readonly id: number }

/** A record found: its collection, its position in that collection's records as given, its id. */
export interface RecordMatch {
  kind: 'record'
  collection: string
  position: number
  id: number
}
/** A value of a field that names a group of records ("Planet": 6,102 locations), with their count. */
export interface ValueMatch {
  kind: 'value'
  collection: string
  field: string
  value: string
  count: number
}
/** A character that a record lists, named by the query (`42`, `#42`, `character 42`). */
export interface CharacterMatch {
  kind: 'character'
  id: number
}
export type SearchMatch = RecordMatch | ValueMatch | CharacterMatch

/**
 * Everything a query finds, best first (§13): what it names (an episode, a season's episodes in code order, a
 * character), then values, then records by relevance. `records` holds the engine's record numbers (read them
 * with `recordAt`), so a broad query's thousands of matches cost no object each.
 */
export interface SearchResults {
  named: (RecordMatch | CharacterMatch)[]
  values: ValueMatch[]
  records: Int32Array
}

interface Documents {
  index: WordIndex
  /** Name words of each document (as relevance counts them). */
  nameWords: Uint8Array
  /** A document's whole name as its words joined by a space (made when asked). */
  wholeName: (document: number) => string
}

/** What each of a query's words matches in an index (§13): the word itself first, when indexed. */
export function matchedIn(index: WordIndex, words: readonly string[]): MatchedWord[][] {
  return words.map((word, position) => {
    const itself = index.numberOf(word)
    return index
      .matchesOf(word, position === words.length - 1)
      .map((match) => ({ exact: match === itself, documents: index.documentsAt(match) }))
  })
}

/** The documents of `[from, to)` holding the query's words, ranked (§13); `every`: those holding every word. */
function rankIn(
  documents: Documents,
  counted: Counted,
  words: readonly string[],
  every: boolean,
): Int32Array {
  const whole = words.join(' ')
  return rank(counted, every, documents.nameWords, (document) => documents.wholeName(document) === whole)
}

/** The values of a catalogue (types, dimensions) as documents of their own: a value's words are its name. */
export function valueDocuments(valueList: readonly ValueMatch[]): Documents {
  const valueWords = valueList.map((value) => searchWords(value.value))
  return {
    index: WordIndex.of(valueWords),
    nameWords: Uint8Array.from(valueWords, nameWordCount),
    wholeName: (document) => (valueWords[document] ?? []).join(' '),
  }
}

/**
 * The values a query's words find, ranked (§13), given whether any value or record holds every word (the
 * fallback to any word is the whole search's, not each part's).
 */
export function rankValues(
  values: Documents,
  valueList: readonly ValueMatch[],
  counted: Counted,
  words: readonly string[],
  every: boolean,
): ValueMatch[] {
  return Array.from(rankIn(values, counted, words, every), (document) => valueList[document] as ValueMatch)
}

type SearchedCollections = readonly { collection: SearchedCollection; records: readonly SearchedRecord[] }[]

/** What an engine holds, made by `engineSteps`. */
interface EngineParts {
  /** The collections in the order given, each with its records' numbers `[start, end)`. */
  spans: { name: string; start: number; end: number }[]
  recordIds: Float64Array
  records: Documents
  valueList: ValueMatch[]
  values: Documents
  characterIds: Set<number>
  /** Episodes by code (`S02E03` → record number), and every code in order. */
  codes: Map<string, number>
  sortedCodes: string[]
}

/** An engine's parts, made a slice at a time (see WordIndex.inSteps). */
function* engineSteps(collections: SearchedCollections): Generator<void, EngineParts> {
  const documentWords: string[][] = []
  const names: string[] = []
  const nameWords: number[] = []
  const ids: number[] = []
  const values = new Map<string, ValueMatch>()
  const characterIds = new Set<number>()
  const codes = new Map<string, number>()
  const spans: EngineParts['spans'] = []
  for (const { collection, records } of collections) {
    const start = ids.length
    const valueFields = valueFieldsOf(collection)
    const links = collection.characterLinks.field
    for (const record of records) {
      const open = record as SearchedRecord & Record<string, unknown>
      const { words, nameWords: inName } = recordWords(open)
      nameWords.push(inName)
      names.push(typeof open.name === 'string' ? open.name : '')
      const code = codeOf(collection, open)
      if (code !== null) codes.set(code, ids.length)
      documentWords.push(words)
      ids.push(record.id)
      for (const field of valueFields) {
        const value = searchedValue(open, field)
        if (value === null) continue
        const key = JSON.stringify([collection.name, field, value])
        const known = values.get(key)
        if (known) known.count += 1
        else values.set(key, { kind: 'value', collection: collection.name, field, value, count: 1 })
      }
      const listed = open[links]
      if (Array.isArray(listed)) {
        for (const link of listed) {
          const id = characterIdOf(link)
          if (id !== null) characterIds.add(id)
        }
      }
      if (ids.length % STEP_SIZE === 0) yield
    }
    spans.push({ name: collection.name, start, end: ids.length })
  }
  const recordIndex = yield* WordIndex.inSteps(documentWords)
  const valueList = [...values.values()]
  return {
    spans,
    recordIds: Float64Array.from(ids),
    records: {
      index: recordIndex,
      nameWords: Uint8Array.from(nameWords),
      wholeName: (document) => searchWords(names[document] ?? '').join(' '),
    },
    valueList,
    values: valueDocuments(valueList),
    characterIds,
    codes,
    sortedCodes: [...codes.keys()].sort(),
  }
}

/** The catalogue's search over every collection's records (see the module's comment). */
export class SearchEngine {
  private readonly recordTally: Tally
  private readonly valueTally: Tally

  private constructor(private readonly parts: EngineParts) {
    this.recordTally = new Tally(parts.recordIds.length)
    this.valueTally = new Tally(parts.valueList.length)
  }

  /**
   * The engine of these collections' records (each collection's in ascending id order: ties in relevance keep
   * it), made in one go.
   */
  static of(collections: SearchedCollections): SearchEngine {
    return new SearchEngine(finish(engineSteps(collections)))
  }

  /**
   * The engine made a slice of a few milliseconds at a time, other work running between slices (contract §11:
   * a reload does not hold the event loop).
   */
  static async inTurns(collections: SearchedCollections, pause?: () => Promise<void>): Promise<SearchEngine> {
    return new SearchEngine(await finishInTurns(engineSteps(collections), pause))
  }

  /** A record number as a match: its collection, its position there, its id. */
  recordAt(document: number): RecordMatch {
    const span = this.parts.spans.find(({ start, end }) => document >= start && document < end)
    if (!span) throw new RangeError(`No record ${document}.`)
    return {
      kind: 'record',
      collection: span.name,
      position: document - span.start,
      id: this.parts.recordIds[document] as number,
    }
  }

  /** The record numbers of a collection: `[start, end)`. */
  spanOf(collection: string): { start: number; end: number } {
    return this.parts.spans.find(({ name }) => name === collection) ?? { start: 0, end: 0 }
  }

  /** Every character id a record lists. */
  get characters(): ReadonlySet<number> {
    return this.parts.characterIds
  }

  /** Everything `query` finds across the catalogue, best first (§13). */
  search(query: string): SearchResults {
    const parsed = parseQuery(query)
    const named = this.namedBy(parsed)
    if (parsed.kind !== 'text') return { named, values: [], records: new Int32Array(0) }
    const words = searchWords(parsed.text)
    if (words.length === 0) return { named, values: [], records: new Int32Array(0) }
    const countedValues = countWords(
      this.valueTally,
      matchedIn(this.parts.values.index, words),
      0,
      this.parts.valueList.length,
    )
    const countedRecords = countWords(
      this.recordTally,
      matchedIn(this.parts.records.index, words),
      0,
      this.parts.recordIds.length,
    )
    const every = hasEvery(countedValues) || hasEvery(countedRecords)
    return {
      named,
      values: rankValues(this.parts.values, this.parts.valueList, countedValues, words, every),
      records: rankIn(this.parts.records, countedRecords, words, every),
    }
  }

  /**
   * The positions of one collection's records that `query` finds, best first (`_search` on a list, §13):
   * those with every word, or when none has every word, those with any word.
   */
  searchCollection(collection: string, query: string): Int32Array {
    const span = this.parts.spans.find(({ name }) => name === collection)
    const words = searchWords(query)
    if (!span || words.length === 0) return new Int32Array(0)
    const counted = countWords(
      this.recordTally,
      matchedIn(this.parts.records.index, words),
      span.start,
      span.end,
    )
    const ranked = rankIn(this.parts.records, counted, words, hasEvery(counted))
    return ranked.map((document) => document - span.start)
  }

  private namedBy(parsed: ParsedQuery): (RecordMatch | CharacterMatch)[] {
    if (parsed.kind === 'episode') {
      const document = this.parts.codes.get(parsed.code)
      return document === undefined ? [] : [this.recordAt(document)]
    }
    if (parsed.kind === 'season') {
      return this.parts.sortedCodes
        .filter((code) => code.startsWith(parsed.prefix))
        .map((code) => this.recordAt(this.parts.codes.get(code) as number))
    }
    return parsed.character !== null && this.parts.characterIds.has(parsed.character)
      ? [{ kind: 'character', id: parsed.character }]
      : []
  }
}
