import type { AnyCollection, DatasetRecord } from '../../src/catalogue'
import { countHistogramInBins } from '../../src/catalogue/count-bins'
import { evaluateView, type PreparedList, prepareList } from '../../src/catalogue/views/engine'
import {
  type ChartFacets,
  chartedColumns,
  DATE_UNITS,
  type DateUnit,
} from '../../src/catalogue/views/parameters'
import type { ListView } from '../../src/catalogue/views/view'
import { periodOf, periodsInOrder } from '../catalogue/chart-facets'
import type { ChartCounts, ViewAnswer, ViewQuery } from '../catalogue/source'
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
  private readonly distinct = new Map<string, Uint32Array>()
  /** The insights' facets of the whole collection, by date unit. */
  private readonly wholeCharts: Map<DateUnit, ChartCounts | undefined>

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
    // The insights' facets over the whole collection, as its facets' counts: made once, never per request.
    const { counts, dates } = chartedColumns(collection)
    this.wholeCharts = new Map(
      DATE_UNITS.map((dateUnit) => [
        dateUnit,
        this.countCharts(allPositions(records.length), { bins: counts, dates, dateUnit, unitGiven: false }),
      ]),
    )
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
    if (!query.charted) return { count, records, facets: inOrder, counted }
    const charts = this.chartCounts(base, query, () => performance.now() - started >= query.facetTimeLimitMs)
    return {
      count,
      records,
      facets: inOrder,
      counted: counted && charts !== undefined,
      ...(charts ? { charts } : {}),
    }
  }

  /**
   * The insights' facets (contract §13) over the view's records: each count column's bins (its distinct
   * numbers, as the chart counts residents) and each date column's UTC periods; undefined past the limit.
   */
  private chartCounts(
    base: Int32Array | null,
    query: ViewQuery,
    outOfTime: () => boolean,
  ): ChartCounts | undefined {
    const charted = query.charted
    if (!charted) return undefined
    if (base === null && countsWholeCollection(query, '')) return this.wholeCharts.get(charted.dateUnit)
    return this.countCharts(this.order(base, { ...query.view, sort: null }), charted, outOfTime)
  }

  /** The insights' facets over the records at `positions` (see chartCounts). */
  private countCharts(
    positions: Int32Array,
    charted: ChartFacets,
    outOfTime: () => boolean = () => false,
  ): ChartCounts | undefined {
    const charts: ChartCounts = { bins: {}, dates: {} }
    for (const field of charted.bins) {
      const distinct = this.distinctCounts(field)
      const histogram = new Map<number, number>()
      for (const [at, position] of positions.entries()) {
        if (at % CHECK_EVERY === 0 && outOfTime()) return undefined
        const value = distinct[position] ?? 0
        histogram.set(value, (histogram.get(value) ?? 0) + 1)
      }
      charts.bins[field] = countHistogramInBins(histogram)
    }
    for (const field of charted.dates) {
      const column = this.collection.columns.find((candidate) => candidate.field === field)
      if (!column) continue
      const times = this.prepared.numbers(column)
      const counts = new Map<string, number>()
      for (const [at, position] of positions.entries()) {
        if (at % CHECK_EVERY === 0 && outOfTime()) return undefined
        const time = times[position] ?? Number.NaN
        const period = Number.isNaN(time) ? '' : periodOf(time, charted.dateUnit)
        counts.set(period, (counts.get(period) ?? 0) + 1)
      }
      charts.dates[field] = periodsInOrder(counts)
    }
    return charts
  }

  /** Each record's number of distinct values in a count column (made when first asked, then kept). */
  private distinctCounts(field: string): Uint32Array {
    let counts = this.distinct.get(field)
    if (!counts) {
      counts = Uint32Array.from(this.records, (record) => {
        const fields: Record<string, unknown> = record
        const values = fields[field]
        return Array.isArray(values) ? new Set(values).size : 0
      })
      this.distinct.set(field, counts)
    }
    return counts
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

/** Records counted between two looks at the time limit. */
const CHECK_EVERY = 4096

let all = new Int32Array(0)
/** Positions 0 to `size - 1` (one array, grown when needed and shared). */
function allPositions(size: number): Int32Array {
  if (all.length < size) all = Int32Array.from({ length: size }, (_, index) => index)
  return all.subarray(0, size)
}
