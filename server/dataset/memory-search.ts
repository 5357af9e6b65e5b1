import type { DatasetRecord } from '../../src/catalogue'
import { type RecordMatch, SearchEngine, type SearchMatch } from '../../src/catalogue/search/engine'
import { SEARCH_GROUPS, type SearchGroupName } from '../../src/catalogue/search/parameters'
import type { FoundGroup, FoundPage, FoundResult, SearchSource } from '../catalogue/search'
import type { CollectionStore } from './store'

/** A query's ranked results: its first matches as objects, then record numbers (see SearchResults). */
interface Ranked {
  first: SearchMatch[]
  records: Int32Array
}

const groupOf = (match: SearchMatch): SearchGroupName =>
  match.kind === 'value'
    ? 'values'
    : match.kind === 'character'
      ? 'characters'
      : (match.collection as SearchGroupName)

/** Queries whose ranked results are kept (a palette's keystrokes and a search page's later pages ask again). */
const KEPT_QUERIES = 16

/** The memory store's search: the catalogue's search engine over the records it holds, built with them. */
export class MemorySearch implements SearchSource {
  private readonly stores: Map<string, CollectionStore>
  private readonly kept = new Map<string, Map<SearchGroupName | null, Ranked>>()
  private readonly positions = new Map<string, Int32Array>()

  private constructor(
    private readonly engine: SearchEngine,
    stores: readonly CollectionStore[],
  ) {
    this.stores = new Map(stores.map((store) => [store.collection.name, store]))
  }

  /** The search of these stores' records, made in one go (at start, before the service listens). */
  static of(stores: readonly CollectionStore[]): MemorySearch {
    return new MemorySearch(SearchEngine.of(searched(stores)), stores)
  }

  /** The search made a slice at a time, requests answered between slices (a reload, contract §11). */
  static async inTurns(stores: readonly CollectionStore[]): Promise<MemorySearch> {
    return new MemorySearch(await SearchEngine.inTurns(searched(stores)), stores)
  }

  async page(
    query: string,
    groups: readonly SearchGroupName[],
    start: number,
    end: number,
  ): Promise<FoundPage> {
    const all = this.ranked(query)
    const narrowed = narrowTo(all, groups, (document) => this.engine.recordAt(document).collection)
    const counts: FoundPage['counts'] = {}
    for (const name of SEARCH_GROUPS) {
      const size = sizeOf(all.get(name))
      if (size > 0) counts[name] = size
    }
    return { count: sizeOf(narrowed), counts, results: this.slice(narrowed, start, end) }
  }

  async groups(query: string, limit: number): Promise<FoundGroup[]> {
    const all = this.ranked(query)
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
    return order.map((name) => {
      const ranked = all.get(name) as Ranked
      return { group: name, total: sizeOf(ranked), results: this.slice(ranked, 0, limit) }
    })
  }

  /** The positions of one collection's records that `text` finds, best first (`_search`, contract §13). */
  positionsOf(collection: string, text: string): Int32Array {
    const key = JSON.stringify([collection, text])
    let found = this.positions.get(key)
    if (found) {
      this.positions.delete(key)
    } else {
      found = this.engine.searchCollection(collection, text)
      if (this.positions.size >= KEPT_QUERIES)
        this.positions.delete(this.positions.keys().next().value as string)
    }
    this.positions.set(key, found)
    return found
  }

  private ranked(query: string): Map<SearchGroupName | null, Ranked> {
    const known = this.kept.get(query)
    if (known) {
      this.kept.delete(query)
      this.kept.set(query, known)
      return known
    }
    const results = this.engine.search(query)
    const first: SearchMatch[] = [...results.named, ...results.values]
    const byGroup = new Map<SearchGroupName | null, Ranked>([[null, { first, records: results.records }]])
    for (const name of SEARCH_GROUPS) {
      const span = this.engine.spanOf(name)
      byGroup.set(name, {
        first: first.filter((match) => groupOf(match) === name),
        records: results.records.filter((document) => document >= span.start && document < span.end),
      })
    }
    this.kept.set(query, byGroup)
    if (this.kept.size > KEPT_QUERIES) this.kept.delete(this.kept.keys().next().value as string)
    return byGroup
  }

  private slice(ranked: Ranked, start: number, end: number): FoundResult[] {
    const found: FoundResult[] = []
    for (let at = start; at < end && at < sizeOf(ranked); at++) {
      const match =
        at < ranked.first.length
          ? (ranked.first[at] as SearchMatch)
          : this.engine.recordAt(ranked.records[at - ranked.first.length] as number)
      found.push(this.resultOf(match))
    }
    return found
  }

  private resultOf(match: SearchMatch): FoundResult {
    if (match.kind === 'value')
      return {
        group: 'values',
        of: match.collection,
        field: match.field,
        value: match.value,
        count: match.count,
      }
    if (match.kind === 'character') return { group: 'characters', id: match.id }
    return { group: match.collection as 'locations' | 'episodes', record: this.recordOf(match) }
  }

  private recordOf(match: RecordMatch): DatasetRecord {
    return this.stores.get(match.collection)?.records[match.position] as DatasetRecord
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

const searched = (stores: readonly CollectionStore[]) =>
  stores.map((store) => ({ collection: store.collection, records: store.records }))

const sizeOf = (ranked: Ranked | undefined) => (ranked ? ranked.first.length + ranked.records.length : 0)
