import type { AnyCollection } from '../collection'
import { lowerBound } from '../lower-bound'
import { characterIdFromUrl } from '../records'
import { searchWords } from '../search-text'
import { type ParsedQuery, parseQuery } from './query'
import { finish, finishInTurns, STEP_SIZE, WordIndex } from './word-index'

/*
 * The catalogue's search (contract §13), over records held in memory: the explorer's index worker and the
 * service's memory store answer with it, and PostgreSQL's queries are held to its answers. Records are found
 * by their name and an episode's code; the other fields a list filters on (a location's type and dimension)
 * are values, found as values with their record counts. Kept out of `../index.ts`: the first page's code
 * does not carry it.
 */

/** The fields whose words find a record. */
const SEARCHED_FIELDS = ['name', 'episode'] as const
/** The field holding an episode's code, which `s2e3` and `S2` name. */
const CODE_FIELD = 'episode'
const EPISODES = 'episodes'

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

/** Relevance (§13): the tier, then fewer name words; ties keep record order (collection, then ascending id). */
const TIER_WHOLE_NAME = 1
const TIER_EVERY_WORD_EQUAL = 2
const TIER_EVERY_WORD = 3
const TIER_ANY_WORD = 4
/** Name words past this many rank as this many. */
const MOST_NAME_WORDS = 63

interface Documents {
  index: WordIndex
  /** Name words of each document, and its whole name's words joined by a space (made when asked). */
  nameWords: Uint8Array
  wholeName: (document: number) => string
}

/** Reusable per-query counters, one entry a document (a query never runs inside another). */
class Tally {
  readonly hits: Uint8Array
  readonly exact: Uint8Array
  readonly stamp: Uint8Array
  constructor(size: number) {
    this.hits = new Uint8Array(size)
    this.exact = new Uint8Array(size)
    this.stamp = new Uint8Array(size)
  }
}

interface Counted {
  touched: Int32Array
  tally: Tally
}

function countWords(
  documents: Documents,
  tally: Tally,
  words: readonly string[],
  from: number,
  to: number,
): Counted {
  const touched: number[] = []
  words.forEach((word, position) => {
    const stamp = position + 1
    const itself = documents.index.numberOf(word)
    for (const match of documents.index.matchesOf(word, position === words.length - 1)) {
      const exact = match === itself ? 1 : 0
      const holding = documents.index.documentsAt(match)
      for (let at = lowerBound(holding, from); at < holding.length; at++) {
        const document = holding[at] as number
        if (document >= to) break
        if (tally.stamp[document] === stamp) continue
        tally.stamp[document] = stamp
        if (tally.hits[document] === 0) touched.push(document)
        ;(tally.hits[document] as number)++
        ;(tally.exact[document] as number) += exact
      }
    }
  })
  return { touched: Int32Array.from(touched).sort(), tally }
}

/** The documents counted, ranked; `every`: those holding every word (else those holding any). Resets the tally. */
function rank(documents: Documents, counted: Counted, words: readonly string[], every: boolean): Int32Array {
  const { touched, tally } = counted
  const whole = words.join(' ')
  const keys = new Uint16Array(touched.length)
  const kept: number[] = []
  for (const document of touched) {
    const hits = tally.hits[document] as number
    if (every && hits < words.length) continue
    let tier = TIER_ANY_WORD
    if (every) {
      tier = TIER_EVERY_WORD
      if (tally.exact[document] === words.length) {
        tier =
          documents.nameWords[document] === words.length && documents.wholeName(document) === whole
            ? TIER_WHOLE_NAME
            : TIER_EVERY_WORD_EQUAL
      }
    }
    keys[kept.length] = tier * (MOST_NAME_WORDS + 1) + (documents.nameWords[document] as number)
    kept.push(document)
  }
  for (const document of touched) {
    tally.hits[document] = 0
    tally.exact[document] = 0
    tally.stamp[document] = 0
  }
  // A counting sort: stable, so documents of one key stay in record order.
  const buckets = new Int32Array((TIER_ANY_WORD + 1) * (MOST_NAME_WORDS + 1) + 1)
  for (let at = 0; at < kept.length; at++) (buckets[(keys[at] as number) + 1] as number)++
  for (let key = 1; key < buckets.length; key++) (buckets[key] as number) += buckets[key - 1] as number
  const ranked = new Int32Array(kept.length)
  for (let at = 0; at < kept.length; at++)
    ranked[(buckets[keys[at] as number] as number)++] = kept[at] as number
  return ranked
}

const nameWordCount = (words: readonly string[]) => Math.min(words.length, MOST_NAME_WORDS)

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
    const valueFields = collection.filters.map(String).filter((field) => !isSearched(field))
    const links = collection.characterLinks.field
    for (const record of records) {
      const open = record as SearchedRecord & Record<string, unknown>
      const name = typeof open.name === 'string' ? open.name : ''
      const words = searchWords(name)
      nameWords.push(nameWordCount(words))
      names.push(name)
      for (const field of SEARCHED_FIELDS) {
        const text = field === 'name' ? null : open[field]
        if (typeof text === 'string') words.push(...searchWords(text))
      }
      if (collection.name === EPISODES && typeof open[CODE_FIELD] === 'string') {
        codes.set(open[CODE_FIELD] as string, ids.length)
      }
      documentWords.push(words)
      ids.push(record.id)
      for (const field of valueFields) {
        const value = open[field]
        if (typeof value !== 'string' || value.trim() === '') continue
        const key = JSON.stringify([collection.name, field, value])
        const known = values.get(key)
        if (known) known.count += 1
        else values.set(key, { kind: 'value', collection: collection.name, field, value, count: 1 })
      }
      const listed = open[links]
      if (Array.isArray(listed)) {
        for (const link of listed) {
          const id =
            typeof link === 'number' ? link : typeof link === 'string' ? characterIdFromUrl(link) : null
          if (id !== null && Number.isSafeInteger(id) && id >= 1) characterIds.add(id)
        }
      }
      if (ids.length % STEP_SIZE === 0) yield
    }
    spans.push({ name: collection.name, start, end: ids.length })
  }
  const recordIndex = yield* WordIndex.inSteps(documentWords)
  const valueList = [...values.values()]
  const valueWords = valueList.map((value) => searchWords(value.value))
  return {
    spans,
    recordIds: Float64Array.from(ids),
    records: {
      index: recordIndex,
      nameWords: Uint8Array.from(nameWords),
      wholeName: (document) => searchWords(names[document] ?? '').join(' '),
    },
    valueList,
    values: {
      index: WordIndex.of(valueWords),
      nameWords: Uint8Array.from(valueWords, nameWordCount),
      wholeName: (document) => (valueWords[document] ?? []).join(' '),
    },
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
      this.parts.values,
      this.valueTally,
      words,
      0,
      this.parts.valueList.length,
    )
    const countedRecords = countWords(
      this.parts.records,
      this.recordTally,
      words,
      0,
      this.parts.recordIds.length,
    )
    const every = hasEvery(countedValues, words.length) || hasEvery(countedRecords, words.length)
    const values = Array.from(
      rank(this.parts.values, countedValues, words, every),
      (document) => this.parts.valueList[document] as ValueMatch,
    )
    return { named, values, records: rank(this.parts.records, countedRecords, words, every) }
  }

  /**
   * The positions of one collection's records that `query` finds, best first (`_search` on a list, §13):
   * those with every word, or when none has every word, those with any word.
   */
  searchCollection(collection: string, query: string): Int32Array {
    const span = this.parts.spans.find(({ name }) => name === collection)
    const words = searchWords(query)
    if (!span || words.length === 0) return new Int32Array(0)
    const counted = countWords(this.parts.records, this.recordTally, words, span.start, span.end)
    const ranked = rank(this.parts.records, counted, words, hasEvery(counted, words.length))
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

const isSearched = (field: string) => (SEARCHED_FIELDS as readonly string[]).includes(field)

function hasEvery({ touched, tally }: Counted, words: number): boolean {
  for (const document of touched) if (tally.hits[document] === words) return true
  return false
}
