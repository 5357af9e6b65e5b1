import type { DatasetRecord } from '../../src/catalogue'
import type { RecordMatch, SearchMatch, SearchResults } from '../../src/catalogue/search/engine'
import { SEARCH_GROUPS, type SearchGroupName } from '../../src/catalogue/search/parameters'
import { ByteBoundedCache } from '../byte-cache'
import type { FoundGroup, FoundPage, FoundResult, SearchSource } from './search'
import type { CollectionSource } from './source'

/** Where a record found is: its collection and its position there. */
export type RecordPlace = Pick<RecordMatch, 'kind' | 'collection' | 'position'>

/** A result found: a record's place, a value, a character. */
type Found = RecordPlace | Exclude<SearchMatch, RecordMatch>

/**
 * What a store's search engine answers (contract §13): everything a query finds, best first, as record numbers
 * counted across the collections in order (`SearchEngine` in memory, `PostgresSearchEngine` in the database).
 */
export interface SearchIndex {
  search(query: string): SearchResults | Promise<SearchResults>
  /** Where a record number is: its collection and its position there. */
  recordAt(document: number): RecordPlace
  /** The record numbers of a collection: `[start, end)`. */
  spanOf(collection: string): { start: number; end: number }
}

/** A query's ranked results: its first matches as objects, then record numbers (see SearchResults). */
interface Ranked {
  first: Found[]
  records: Int32Array
}

const groupOf = (match: Found): SearchGroupName =>
  match.kind === 'value'
    ? 'values'
    : match.kind === 'character'
      ? 'characters'
      : (match.collection as SearchGroupName)

/**
 * Memory for the ranked results of recent queries (a palette's keystrokes, a search page's later pages and a
 * list's later pages ask again).
 */
const KEPT_BYTES = 8 * 1024 * 1024

const rankedBytes = (byGroup: Map<SearchGroupName | null, Ranked>) => {
  let bytes = 0
  for (const ranked of byGroup.values()) bytes += ranked.records.byteLength + ranked.first.length * 64
  return bytes
}

/**
 * `GET /v1/search` from a store's search engine, whatever the store: the ranked list narrowed to groups and
 * paged, and the palette's groups, each query ranked once and kept while memory allows.
 */
export class RankedSearch implements SearchSource {
  private readonly sources: Map<string, CollectionSource>
  private readonly kept = new ByteBoundedCache<Map<SearchGroupName | null, Ranked>>(KEPT_BYTES, rankedBytes)
  /** Queries being ranked: asked again meanwhile (a page and its facet, two tabs), ranked once. */
  private readonly ranking = new Map<string, Promise<Map<SearchGroupName | null, Ranked>>>()

  constructor(
    private readonly engine: SearchIndex,
    sources: readonly CollectionSource[],
  ) {
    this.sources = new Map(sources.map((source) => [source.collection.name, source]))
  }

  async page(
    query: string,
    groups: readonly SearchGroupName[],
    start: number,
    end: number,
  ): Promise<FoundPage> {
    const all = await this.ranked(query)
    const narrowed = narrowTo(all, groups, (document) => this.engine.recordAt(document).collection)
    const counts: FoundPage['counts'] = {}
    for (const name of SEARCH_GROUPS) {
      const size = sizeOf(all.get(name))
      if (size > 0) counts[name] = size
    }
    return { count: sizeOf(narrowed), counts, results: await this.slice(narrowed, start, end) }
  }

  async groups(query: string, limit: number): Promise<FoundGroup[]> {
    const all = await this.ranked(query)
    const whole = all.get(null) as Ranked
    // Groups in the order of their best result.
    const order: SearchGroupName[] = []
    const note = (name: SearchGroupName) => {
      if (!order.includes(name)) order.push(name)
    }
    for (const match of whole.first) note(groupOf(match))
    for (const document of whole.records.subarray(0, 1_000)) {
      note(this.engine.recordAt(document).collection as SearchGroupName)
      if (order.length === SEARCH_GROUPS.length) break
    }
    for (const name of SEARCH_GROUPS) if (sizeOf(all.get(name)) > 0) note(name)
    return Promise.all(
      order.map(async (name) => {
        const ranked = all.get(name) as Ranked
        return { group: name, total: sizeOf(ranked), results: await this.slice(ranked, 0, limit) }
      }),
    )
  }

  private ranked(query: string): Promise<Map<SearchGroupName | null, Ranked>> {
    const known = this.kept.get(query)
    if (known) return Promise.resolve(known)
    const pending = this.ranking.get(query)
    if (pending) return pending
    const ranking = this.rank(query).finally(() => this.ranking.delete(query))
    this.ranking.set(query, ranking)
    return ranking
  }

  private async rank(query: string): Promise<Map<SearchGroupName | null, Ranked>> {
    const results = await this.engine.search(query)
    const first: Found[] = [...results.named, ...results.values]
    const byGroup = new Map<SearchGroupName | null, Ranked>([[null, { first, records: results.records }]])
    for (const name of SEARCH_GROUPS) {
      const span = this.engine.spanOf(name)
      byGroup.set(name, {
        first: first.filter((match) => groupOf(match) === name),
        records: results.records.filter((document) => document >= span.start && document < span.end),
      })
    }
    this.kept.set(query, byGroup)
    return byGroup
  }

  /** The results from `start` to `end` of a ranked list, the records read from their collections. */
  private async slice(ranked: Ranked, start: number, end: number): Promise<FoundResult[]> {
    const matches: Found[] = []
    for (let at = start; at < end && at < sizeOf(ranked); at++) {
      matches.push(
        at < ranked.first.length
          ? (ranked.first[at] as Found)
          : this.engine.recordAt(ranked.records[at - ranked.first.length] as number),
      )
    }
    const records = await this.recordsOf(matches.filter((match) => match.kind === 'record'))
    return matches.flatMap((match): FoundResult[] => {
      if (match.kind === 'value')
        return [
          {
            group: 'values',
            of: match.collection,
            field: match.field,
            value: match.value,
            count: match.count,
          },
        ]
      if (match.kind === 'character') return [{ group: 'characters', id: match.id }]
      const record = records.get(`${match.collection}/${match.position}`)
      return record ? [{ group: match.collection as 'locations' | 'episodes', record }] : []
    })
  }

  /** The records of some matches, by `collection/position`: one read per collection. */
  private async recordsOf(matches: readonly RecordPlace[]): Promise<Map<string, DatasetRecord>> {
    const found = new Map<string, DatasetRecord>()
    const byCollection = new Map<string, RecordPlace[]>()
    for (const match of matches)
      byCollection.set(match.collection, [...(byCollection.get(match.collection) ?? []), match])
    await Promise.all(
      [...byCollection].map(async ([collection, inIt]) => {
        const source = this.sources.get(collection)
        if (!source) return
        const positions = Int32Array.from(inIt, (match) => match.position).sort()
        const records = await source.atPositions(positions)
        records.forEach((record, at) => {
          found.set(`${collection}/${positions[at]}`, record)
        })
      }),
    )
    return found
  }
}

/** The ranked list narrowed to some groups (none: all), in the whole list's order. */
function narrowTo(
  all: Map<SearchGroupName | null, Ranked>,
  groups: readonly SearchGroupName[],
  collectionOf: (document: number) => string,
): Ranked {
  const whole = all.get(null) as Ranked
  if (groups.length === 0) return whole
  if (groups.length === 1)
    return all.get(groups[0] as SearchGroupName) ?? { first: [], records: new Int32Array(0) }
  const chosen = new Set<string>(groups)
  return {
    first: whole.first.filter((match) => chosen.has(groupOf(match))),
    records: whole.records.filter((document) => chosen.has(collectionOf(document))),
  }
}

const sizeOf = (ranked: Ranked | undefined) => (ranked ? ranked.first.length + ranked.records.length : 0)
