import type { AnyCollection, DatasetRecord } from '../../src/catalogue'
import { evaluateView, type PreparedList, prepareList } from '../../src/catalogue/views/engine'
import type { ListView } from '../../src/catalogue/views/view'
import type { ViewAnswer, ViewQuery } from '../catalogue/source'
import { countsWholeCollection, type FacetTally, facetCountsOf } from '../catalogue/whole-facet-counts'

/**
 * The views of one collection held in memory (contract §12), answered by the explorer's own engine
 * (src/catalogue/views/engine.ts). Everything a view reads is made here, once per dataset: each column's order
 * (the longest part: about 1.5 s for 100,000 locations, mostly the collator's sort of names), facets coded as
 * numbers, ranged columns as numbers, and each facet's counts over the whole collection. A view then walks
 * these and sorts nothing, and the unfiltered list's facets are never counted again.
 */
export class MemoryViews {
  private readonly prepared: PreparedList
  private readonly wholeCounts: readonly { name: string; label: string; tallies: FacetTally[] }[]

  constructor(
    private readonly records: readonly DatasetRecord[],
    private readonly collection: AnyCollection,
  ) {
    this.prepared = prepareList(records)
    for (const facet of collection.facets) this.prepared.facet(facet)
    for (const column of collection.columns) {
      this.prepared.orderOf(column)
      if (column.range) this.prepared.numbers(column)
    }
    const every: ListView = { filters: {}, facets: {}, ranges: {}, sort: null }
    this.wholeCounts = evaluateView(collection, every, this.prepared, allPositions(records.length), {
      count: collection.facets.map((facet) => facet.name),
      window: { start: 0, end: 0 },
    }).facets.map(({ name, label, values }) => ({
      name,
      label,
      tallies: values.map(({ value, count }) => ({ value, count: count ?? 0 })),
    }))
  }

  /** A view of the records at `base` (positions in id order, those the service's filters match; null: all). */
  answer(base: Int32Array | null, query: ViewQuery): ViewAnswer {
    const started = performance.now()
    const whole = this.wholeCounts.filter(
      (facet) => query.count.includes(facet.name) && countsWholeCollection(query, facet.name),
    )
    const { ordered, count, facets, counted } = evaluateView(
      this.collection,
      query.view,
      this.prepared,
      base ?? allPositions(this.records.length),
      {
        count: query.count.filter((name) => !whole.some((facet) => facet.name === name)),
        outOfTime: () => performance.now() - started >= query.facetTimeLimitMs,
        window: { start: query.start, end: query.end },
      },
    )
    const records: DatasetRecord[] = []
    for (const position of ordered) {
      const record = this.records[position]
      if (record) records.push(record)
    }
    const kept = whole.map((facet) =>
      facetCountsOf(facet, facet.tallies, query.view.facets[facet.name] ?? []),
    )
    // Counts cut short by the time limit are partial: none is given. Facets in the collection's order.
    const answered = counted ? [...kept, ...facets] : kept
    const inOrder = this.collection.facets.flatMap((facet) =>
      answered.filter(({ name }) => name === facet.name),
    )
    return { count, records, facets: inOrder, counted }
  }

  /** The positions of a view of the records at `base` (as for `answer`), in the view's order: a stream's. */
  order(base: Int32Array | null, view: ListView): Int32Array {
    const { ordered } = evaluateView(
      this.collection,
      view,
      this.prepared,
      base ?? allPositions(this.records.length),
      { count: [] },
    )
    return Int32Array.from(ordered)
  }
}

let all = new Int32Array(0)
/** Positions 0 to `size - 1` (one array, grown when needed and shared). */
function allPositions(size: number): Int32Array {
  if (all.length < size) all = Int32Array.from({ length: size }, (_, index) => index)
  return all.subarray(0, size)
}
