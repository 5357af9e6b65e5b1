import MiniSearch, {
  type AsPlainObject,
  type Options,
  type SearchOptions,
  type SearchResult,
} from 'minisearch'
import { type ApiRecord, COLLECTIONS, characterIdFromUrl } from '../../catalogue'
import { parseQuery } from '../../catalogue/search/query'
import { searchWords } from '../../catalogue/search-text'
import {
  characterHit,
  groupTitle,
  HITS_PER_GROUP,
  recordDetail,
  type SearchAnswer,
  type SearchGroup,
  type SearchHit,
  valueHit,
} from '../protocol/search'

export type { SearchAnswer, SearchGroup, SearchHit }

/*
 * Two indexes. Records are found by their name and, for episodes, their code: words that tell records apart.
 * The other fields a list can be filtered on (a location's type and dimension) label groups of records: on
 * 100,000 locations, 18 types and 15 dimensions, "Dimension" in nine records of ten. Their distinct values are
 * an index of their own, and a value found leads to the list filtered on it ("Planet · 6,102 locations").
 */
const EPISODE_FIELD = 'episode'
const RECORD_FIELDS = ['name', EPISODE_FIELD]
const VALUE_FIELDS = new Map(
  COLLECTIONS.map((collection) => [
    collection.name,
    collection.filters.map(String).filter((field) => !RECORD_FIELDS.includes(field)),
  ]),
)

type RecordDoc = { key: string; collection: string; recordId: number; name: string; detail: string } & Record<
  string,
  unknown
>
type ValueDoc = { key: string; collection: string; field: string; value: string; count: number }

export interface CatalogueSearch {
  records: MiniSearch<RecordDoc>
  values: MiniSearch<ValueDoc>
  /** Every character id a record lists. */
  characters: ReadonlySet<number>
}

const asFolded = (term: string) => term

const textOptions = <T>(fields: string[], storeFields: string[]): Options<T> => ({
  idField: 'key',
  fields,
  storeFields,
  // The contract's words (§13), already folded: nothing more is done to a term, indexed or searched.
  tokenize: searchWords,
  processTerm: asFolded,
  searchOptions: { tokenize: searchWords, processTerm: asFolded },
})
const RECORD_OPTIONS = textOptions<RecordDoc>(RECORD_FIELDS, ['collection', 'recordId', 'name', 'detail'])
const VALUE_OPTIONS = textOptions<ValueDoc>(['value'], ['collection', 'field', 'value', 'count'])

/** The index over the whole catalogue (every collection's records by collection name). */
export function buildCatalogueSearch(records: ReadonlyMap<string, readonly ApiRecord[]>): CatalogueSearch {
  const recordIndex = new MiniSearch<RecordDoc>(RECORD_OPTIONS)
  const valueIndex = new MiniSearch<ValueDoc>(VALUE_OPTIONS)
  const characters = new Set<number>()
  const docs: RecordDoc[] = []
  const values = new Map<string, ValueDoc>()
  for (const collection of COLLECTIONS) {
    const valueFields = VALUE_FIELDS.get(collection.name) ?? []
    for (const record of records.get(collection.name) ?? []) {
      const open = record as ApiRecord & Record<string, unknown>
      const doc: RecordDoc = {
        key: `${collection.name}/${record.id}`,
        collection: collection.name,
        recordId: record.id,
        name: record.name,
        detail: recordDetail(collection.name, record),
      }
      for (const field of RECORD_FIELDS) if (typeof open[field] === 'string') doc[field] = open[field]
      docs.push(doc)
      for (const field of valueFields) {
        const value = String(open[field] ?? '')
        if (value.trim() === '') continue
        const key = `${collection.name}/${field}/${value}`
        const known = values.get(key)
        if (known) known.count += 1
        else values.set(key, { key, collection: collection.name, field, value, count: 1 })
      }
      const links = open[collection.characterLinks.field]
      if (Array.isArray(links)) {
        for (const link of links) {
          const id = typeof link === 'string' ? characterIdFromUrl(link) : null
          if (id !== null) characters.add(id)
        }
      }
    }
  }
  recordIndex.addAll(docs)
  valueIndex.addAll([...values.values()])
  return { records: recordIndex, values: valueIndex, characters }
}

/** The search index as the index's database keeps it (MiniSearch's own plain form of each index). */
export interface SavedSearch {
  records: AsPlainObject
  values: AsPlainObject
  characters: number[]
}

export function saveSearch(search: CatalogueSearch): SavedSearch {
  return {
    records: search.records.toJSON(),
    values: search.values.toJSON(),
    characters: [...search.characters],
  }
}

/** The search index again from its saved form, read in batches so that the worker answers meanwhile. */
export async function restoreSearch(saved: SavedSearch): Promise<CatalogueSearch> {
  return {
    records: await MiniSearch.loadJSAsync<RecordDoc>(saved.records, RECORD_OPTIONS),
    values: await MiniSearch.loadJSAsync<ValueDoc>(saved.values, VALUE_OPTIONS),
    characters: new Set(saved.characters),
  }
}

const TEXT_OPTIONS: SearchOptions = {
  boost: { name: 2 },
  // The word being typed (the last) is a prefix once it has two letters: one letter would match most of a
  // large catalogue, and scoring tens of thousands of records at every keystroke is what makes search slow.
  prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
  // One typo (a letter missing, added or changed) in a word of four letters or more.
  fuzzy: (term) => (term.length >= 4 ? 1 : false),
}

function textResults<T>(index: MiniSearch<T>, text: string): SearchResult[] {
  const all = index.search(text, { ...TEXT_OPTIONS, combineWith: 'AND' })
  // Every word must match; when that leaves nothing, the records matching most words come first.
  return all.length > 0 ? all : index.search(text, { ...TEXT_OPTIONS, combineWith: 'OR' })
}

const labelsOf = new Map<string, (typeof COLLECTIONS)[number]>(
  COLLECTIONS.map((collection) => [collection.name, collection]),
)

const resultValueHit = (result: SearchResult): SearchHit =>
  valueHit(String(result.collection), String(result.field), String(result.value), Number(result.count))

function resultHit(result: SearchResult): SearchHit {
  return {
    key: String(result.id),
    collection: String(result.collection),
    name: String(result.name),
    detail: String(result.detail),
    path: `${labelsOf.get(String(result.collection))?.appPath ?? ''}/${Number(result.recordId)}`,
    recordId: Number(result.recordId),
  }
}

/**
 * Every result of a query, best first: the character the query names when it is written as its id (`#42`),
 * then the values that name groups of records and the records (each by its score), then the character a bare
 * number names. Each result's `collection` is its group (a collection's name, or the characters').
 */
export function searchAll(search: CatalogueSearch, query: string): SearchHit[] {
  const parsed = parseQuery(query)
  let records: SearchResult[] = []
  let values: SearchResult[] = []
  let character: number | null = null
  let characterFirst = false
  if (parsed.kind === 'episode') {
    records = search.records.search(parsed.code, { fields: [EPISODE_FIELD] })
  } else if (parsed.kind === 'season') {
    // `S02E` is a prefix of every code of the season; they come in code order (the detail starts with it).
    records = search.records.search(parsed.prefix, { fields: [EPISODE_FIELD], prefix: true })
    records.sort((a, b) => String(a.detail).localeCompare(String(b.detail)))
  } else if (parsed.text !== '') {
    values = textResults(search.values, parsed.text)
    records = textResults(search.records, parsed.text)
    character = parsed.character
    characterFirst = parsed.characterFirst
  }
  const known = (result: SearchResult) => labelsOf.has(String(result.collection))
  const hits = [...values.filter(known).map(resultValueHit), ...records.filter(known).map(resultHit)]
  if (character !== null && search.characters.has(character)) {
    const hit = characterHit(character)
    if (characterFirst) hits.unshift(hit)
    else hits.push(hit)
  }
  return hits
}

/**
 * Searches the catalogue: results grouped by collection (in the catalogue's order; in each, the values that
 * name groups of records first, then records), then the character the query names; that character first
 * when the query is written as its id (`#42`). Each group holds its first HITS_PER_GROUP and counts the rest.
 */
export function searchCatalogue(search: CatalogueSearch, query: string): SearchAnswer {
  return groupHits(searchAll(search, query))
}

/** Results in groups, as the palette shows them (see searchCatalogue). */
export function groupHits(hits: readonly SearchHit[]): SearchAnswer {
  const groups: SearchGroup[] = COLLECTIONS.map((collection) => ({
    collection: collection.name,
    title: collection.labels.title,
    hits: [],
    total: 0,
  }))
  const byName = new Map(groups.map((group) => [group.collection, group]))
  for (const hit of hits) {
    let group = byName.get(hit.collection)
    if (!group) {
      group = { collection: hit.collection, title: groupTitle(hit.collection), hits: [], total: 0 }
      byName.set(hit.collection, group)
      // The characters' group goes first when its result comes first (a query written as an id).
      if (hit === hits[0]) groups.unshift(group)
      else groups.push(group)
    }
    group.total += 1
    if (group.hits.length < HITS_PER_GROUP) group.hits.push(hit)
  }
  return { groups: groups.filter((group) => group.total > 0) }
}
