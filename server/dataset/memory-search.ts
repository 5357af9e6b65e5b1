import type { DatasetRecord } from '../../src/catalogue'
import { type RecordMatch, SearchEngine, type SearchMatch } from '../../src/catalogue/search/engine'
import { SEARCH_GROUPS, type SearchGroupName } from '../../src/catalogue/search/parameters'
import { ByteBoundedCache } from '../byte-cache'
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

/**
 * Memory for the ranked results of recent queries (a palette's keystrokes, a search page's later pages and a
 * list's later pages ask again), each kind.
 */
const KEPT_BYTES = 8 * 1024 * 1024

const rankedBytes = (byGroup: Map<SearchGroupName | null, Ranked>) => {
  let bytes = 0
  for (const ranked of byGroup.values()) bytes += ranked.records.byteLength + ranked.first.length * 64
  return bytes
}

/** The memory store's search: the catalogue's search engine over the records it holds, built with them. */
export class MemorySearch implements SearchSource {
  private readonly stores: Map<string, CollectionStore>
  private readonly kept = new ByteBoundedCache<Map<SearchGroupName | null, Ranked>>(KEPT_BYTES, rankedBytes)
  private readonly positions = new ByteBoundedCache<Int32Array>(KEPT_BYTES, (found) => found.byteLength)

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
    const known = this.positions.get(key)
    if (known) return known
    const found = this.engine.searchCollection(collection, text)
    this.positions.set(key, found)
    return found
  }

  private ranked(query: string): Map<SearchGroupName | null, Ranked> {
    const known = this.kept.get(query)
    if (known) return known
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
