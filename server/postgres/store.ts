import { LRUCache } from 'lru-cache'
import { type AnyCollection, type DatasetRecord, matchesNoText } from '../../src/catalogue'
import { countHistogramInBins } from '../../src/catalogue/count-bins'
import type { ChartFacets } from '../../src/catalogue/views/parameters'
import type { FacetCounts, ListView } from '../../src/catalogue/views/view'
import { periodsInOrder } from '../catalogue/chart-facets'
import type {
  ChartCounts,
  CollectionSource,
  FoldedFilter,
  Matches,
  ViewAnswer,
  ViewQuery,
} from '../catalogue/source'
import { countsWholeCollection, type FacetTally, facetCountsOf } from '../catalogue/whole-facet-counts'
import { distinctCountSql, keptBins, keptDates, periodSql } from './chart-counts'
import { type Database, SCHEMA } from './database'
import {
  facetColumn,
  fieldsOf,
  filtersTableOf,
  foldedColumn,
  identifier,
  numberColumn,
  sortColumn,
  tableOf,
  viewsTableOf,
} from './layout'
import type { PostgresSearch } from './search'

/** A `LIKE` pattern matching any text that contains `value` literally: `%`, `_` and `\` escaped. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * Whether pg_trgm can narrow a `LIKE '%…%'` on this folded value: it takes trigrams from runs of three or more
 * letters or digits. Without one (`ab`, `a b`, `--`) the trigram index would still be chosen and read whole,
 * every row rechecked (1.25 s on 1,000,000 rows, against 0.22 s for a plain scan), so such a filter is written
 * so that no index applies and PostgreSQL scans the table.
 */
export function usesTrigrams(foldedValue: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(foldedValue)
}

type PageRow = DatasetRecord & { position: number | null; positions: Buffer | null }

/**
 * One collection of one generation in PostgreSQL. Pages of the whole list are ranges of `position` (its
 * unique index), records by id go through the primary key, and a filter is `LIKE` on the folded columns: one
 * query answers the positions of every match (4 bytes each, one value) and the records of the page asked,
 * which the catalogue keeps, so later pages of the filter are lookups by position. Every value is a parameter.
 */
export class PostgresCollection implements CollectionSource {
  private readonly table: string
  private readonly filters: string
  private readonly views: string
  private readonly columns: string
  private readonly fields: string[]
  /** How many records each set of a view's conditions keeps (the pages of one view share it). */
  private readonly viewCounts = new LRUCache<string, number>({ max: VIEW_COUNTS_KEPT })
  /** The facets' counts over the whole collection, as the loader kept them (read once, when first asked). */
  private kept: Promise<Map<string, FacetTally[]>> | null = null
  /** The catalogue's search, when its generation has one: `_search` reads its order of relevance. */
  private search: PostgresSearch | null = null

  constructor(
    private readonly database: Database,
    readonly collection: AnyCollection,
    private readonly generation: number,
    readonly count: number,
    /** Whether the generation has its views table (a load by a service of schema version 2 or later). */
    readonly answersViews = false,
    /** Whether the database keeps facets' counts (schema version 3; none for a generation loaded before). */
    private readonly facetCountsKept = false,
  ) {
    this.table = tableOf(collection, generation)
    this.filters = filtersTableOf(collection, generation)
    this.views = viewsTableOf(collection, generation)
    this.fields = fieldsOf(collection).map(identifier)
    this.columns = this.fields.join(', ')
  }

  slice(start: number, end: number): Promise<DatasetRecord[]> {
    if (start >= this.count) return Promise.resolve([])
    return this.database.query<DatasetRecord>(
      'page',
      `SELECT ${this.columns} FROM ${this.table} WHERE position >= $1 AND position < $2 ORDER BY position`,
      [start, end],
    )
  }

  atPositions(positions: Int32Array): Promise<DatasetRecord[]> {
    if (positions.length === 0) return Promise.resolve([])
    return this.database.query<DatasetRecord>(
      'positions',
      `SELECT ${this.columns} FROM ${this.table} WHERE position = ANY($1::integer[]) ORDER BY position`,
      [Array.from(positions)],
    )
  }

  withIds(ids: readonly number[]): Promise<DatasetRecord[]> {
    if (ids.length === 0) return Promise.resolve([])
    return this.database.query<DatasetRecord>(
      'ids',
      `SELECT ${this.columns} FROM ${this.table} WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    )
  }

  /** Nothing to prepare: the loader made the views table and its indexes. */
  prepareViews(): void {}

  /**
   * A view in SQL (contract §12), on the views table: the conditions (the filters as `match` applies them,
   * facet values, ranges) in one WHERE; the page by the column's order (a unique index of ranks: a whole list's
   * page is a range of ranks, a filtered one sorts the matches' ranks); the count (stored for the whole list,
   * kept for later pages of the same conditions otherwise); and each facet counted with GROUP BY under its time
   * limit, at the same time as the page, on connections of their own.
   */
  async answerView(asked: ViewQuery): Promise<ViewAnswer> {
    const query = await this.withFound(asked)
    // A page past the last of a view whose count is known asks nothing (its answer is a 404).
    const known = this.knownViewCount(query)
    const past = known !== undefined && query.start >= known
    const [count, records, facets, charts] = await Promise.all([
      known ?? this.viewCount(query),
      past ? [] : this.viewPage(query),
      Promise.all(query.count.map((name) => this.facetCounts(name, query))),
      query.charted ? this.chartCounts(query, query.charted) : undefined,
    ])
    const counted = facets.filter((facet): facet is FacetCounts => facet !== null)
    const answer: ViewAnswer = {
      count,
      records,
      facets: counted,
      counted: counted.length === facets.length && (!query.charted || charts !== undefined),
    }
    if (charts) answer.charts = charts
    return answer
  }

  /**
   * The insights' facets of a view (contract §13): the loader's counts when the view is the whole collection,
   * else GROUP BY under the facets' time limit (undefined past it).
   */
  private async chartCounts(query: FoundQuery, charted: ChartFacets): Promise<ChartCounts | undefined> {
    const whole = countsWholeCollection(query, '') ? await this.keptFacetCounts() : null
    const values: unknown[] = []
    const conditions = this.viewConditions(query, values)
    const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''
    const tallies = (kept: string, text: string) =>
      whole?.get(kept) ??
      this.database.queryWithin<FacetTally>('view-chart', query.facetTimeLimitMs, text, sqlValues(values), {
        costly: true,
      })
    const [bins, dates] = await Promise.all([
      Promise.all(
        charted.bins.map((field) =>
          tallies(
            keptBins(field),
            `SELECT ${distinctCountSql(field)}::text AS value, count(*)::integer AS count FROM ${this.views} v JOIN ${this.table} t ON t.position = v.position${where} GROUP BY 1`,
          ),
        ),
      ),
      Promise.all(
        charted.dates.map((field) =>
          tallies(
            keptDates(field, charted.dateUnit),
            `SELECT ${periodSql(this.collection, field, charted.dateUnit)} AS value, count(*)::integer AS count FROM ${this.views} v${where} GROUP BY 1`,
          ),
        ),
      ),
    ])
    if ([...bins, ...dates].some((rows) => rows === null)) return undefined
    const charts: ChartCounts = { bins: {}, dates: {} }
    for (const [at, field] of charted.bins.entries())
      charts.bins[field] = countHistogramInBins(
        (bins[at] ?? []).map(({ value, count }): [number, number] => [Number(value), count]),
      )
    for (const [at, field] of charted.dates.entries())
      charts.dates[field] = periodsInOrder(
        new Map((dates[at] ?? []).map(({ value, count }) => [value, count])),
      )
    return charts
  }

  /** Answers `_search` from the catalogue's search (a generation loaded with one). */
  searchedBy(search: PostgresSearch): void {
    this.search = search
  }

  /** A view with the positions its search finds, best first (none without a search). */
  private async withFound(query: ViewQuery): Promise<FoundQuery> {
    return { ...query, found: query.search === null ? null : await this.foundBy(query.search) }
  }

  /** The positions a search finds, best first. */
  private foundBy(search: string): Promise<Int32Array> {
    if (!this.search) throw new Error(`The search of ${this.collection.name} was not made.`)
    return this.search.positionsOf(this.collection.name, search)
  }

  /** The WHERE of a view's conditions, every value a parameter of `values`; `except` leaves one facet out. */
  private viewConditions(query: FoundQuery, values: unknown[], except?: string, ranked = false): string[] {
    const add = (value: unknown) => `$${values.push(value)}`
    const conditions: string[] = []
    // The search's positions, unless they are joined with their ranks (`ranked`: the view's order is theirs).
    if (query.found && !ranked) conditions.push(`v.position = ANY(${add(query.found)}::integer[])`)
    if (query.filters.length > 0)
      conditions.push(
        `v.position IN (SELECT position FROM ${this.filters} WHERE ${this.filterConditions(query.filters, values).join(' AND ')})`,
      )
    for (const facet of this.collection.facets) {
      const chosen = query.view.facets[facet.name]
      if (facet.name === except || !chosen || chosen.length === 0) continue
      const matchable = chosen.filter((value) => !matchesNoText(value))
      conditions.push(
        matchable.length === 0
          ? 'FALSE'
          : `v.${identifier(facetColumn(facet))} = ANY(${add(matchable)}::text[])`,
      )
    }
    for (const column of this.collection.columns) {
      const bounds = column.range ? query.view.ranges[column.field] : undefined
      // Ranges are on counts and dates (the columns that take one), held as numbers.
      if (!bounds || column.kind === 'text' || column.kind === 'id') continue
      const value = `v.${identifier(numberColumn(column))}`
      if (bounds.from !== null) conditions.push(`${value} >= ${add(bounds.from)}`)
      if (bounds.to !== null) conditions.push(`${value} <= ${add(bounds.to)}`)
    }
    return conditions
  }

  /** How many records a view holds when known without a query: the whole list's, or kept for its conditions. */
  private knownViewCount(query: FoundQuery): number | undefined {
    const values: unknown[] = []
    const conditions = this.viewConditions(query, values)
    if (conditions.length === 0) return this.count
    if (query.found && conditions.length === 1) return query.found.length
    return this.viewCounts.get(countKey(conditions, values, query))
  }

  /** How many records a view's conditions keep, counted once per conditions. */
  private async viewCount(query: FoundQuery): Promise<number> {
    const values: unknown[] = []
    const conditions = this.viewConditions(query, values)
    const [row] = await this.database.query<{ count: number }>(
      'view-count',
      `SELECT count(*)::integer AS count FROM ${this.views} v WHERE ${conditions.join(' AND ')}`,
      sqlValues(values),
      { costly: true },
    )
    const count = row?.count ?? 0
    this.viewCounts.set(countKey(conditions, values, query), count)
    return count
  }

  /** The records of a view's page, in its order. */
  private async viewPage(query: FoundQuery): Promise<DatasetRecord[]> {
    // Positions, ranks and counts are integers: no view holds a record past the largest.
    const start = Math.min(query.start, MAX_INTEGER)
    const end = Math.min(query.end, MAX_INTEGER)
    if (start >= end) return []
    const values: unknown[] = []
    const add = (value: unknown) => `$${values.push(value)}`
    const { from, key, direction, conditions, byId, descending, relevance } = this.viewSource(query, values)
    if (relevance && conditions.length === 0) return this.inOrder(query.found?.subarray(start, end))
    let page: string
    if (conditions.length > 0 || relevance) {
      const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''
      page = `SELECT v.position, ${key} AS k FROM ${from}${where} ORDER BY k ${direction} LIMIT ${add(end - start)} OFFSET ${add(start)}`
    } else if (byId && descending) {
      // The whole list by descending id: positions from the last.
      page = `SELECT v.position, v.position AS k FROM ${this.views} v WHERE v.position <= ${add(this.count - 1 - start)} AND v.position > ${add(this.count - 1 - end)} ORDER BY k DESC`
    } else {
      // The whole list in a column's order: a range of its ranks (or of positions), read from its index.
      page = `SELECT v.position, ${key} AS k FROM ${this.views} v WHERE ${key} >= ${add(start)} AND ${key} < ${add(end)} ORDER BY k`
    }
    return this.database.query<DatasetRecord>(
      'view-page',
      `SELECT ${this.fields.map((name) => `t.${name}`).join(', ')} FROM (${page}) p JOIN ${this.table} t ON t.position = p.position ORDER BY p.k ${direction}`,
      sqlValues(values),
      // A page of the whole list is a range of an index; one under conditions sorts every match.
      { costly: conditions.length > 0 || relevance },
    )
  }

  /** The records at some positions, in that order (a page of a search's own order). */
  private async inOrder(positions: Int32Array | undefined): Promise<DatasetRecord[]> {
    if (!positions || positions.length === 0) return []
    const ascending = positions.slice().sort()
    const records = await this.atPositions(ascending)
    const byPosition = new Map(records.map((record, at) => [ascending[at] as number, record]))
    return Array.from(positions, (position) => byPosition.get(position)).filter(
      (record): record is DatasetRecord => record !== undefined,
    )
  }

  /**
   * Where a view's rows come from and in what order: the views table in its column's order, or, for a search
   * with no sort asked (`relevance`), the positions it found joined with their ranks, in that order.
   */
  private viewSource(query: FoundQuery, values: unknown[]) {
    const relevance = query.found !== null && query.view.sort === null
    const order = this.orderOf(query.view)
    if (!relevance)
      return { ...order, from: `${this.views} v`, conditions: this.viewConditions(query, values), relevance }
    const add = (value: unknown) => `$${values.push(value)}`
    const from = `${this.views} v JOIN unnest(${add(query.found)}::integer[]) WITH ORDINALITY s(position, rank) ON s.position = v.position`
    const conditions = this.viewConditions(query, values, undefined, true)
    return { ...order, key: 's.rank', direction: 'ASC', from, conditions, relevance }
  }

  /**
   * One facet's values under every other choice, with each chosen value listed (at 0 when no record has it), in
   * the order an answer lists them: the loader's counts when they are the whole collection's, else GROUP BY;
   * null when counting took longer than the time limit.
   */
  private async facetCounts(name: string, query: FoundQuery): Promise<FacetCounts | null> {
    const facet = this.collection.facets.find((candidate) => candidate.name === name)
    if (!facet) return null
    const chosen = query.view.facets[name] ?? []
    const kept = countsWholeCollection(query, name) ? (await this.keptFacetCounts())?.get(name) : undefined
    if (kept) return facetCountsOf(facet, kept, chosen)
    const values: unknown[] = []
    const conditions = this.viewConditions(query, values, name)
    const rows = await this.database.queryWithin<FacetTally>(
      'view-facet',
      query.facetTimeLimitMs,
      `SELECT v.${identifier(facetColumn(facet))} AS value, count(*)::integer AS count FROM ${this.views} v${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''} GROUP BY 1`,
      sqlValues(values),
      { costly: true },
    )
    return rows === null ? null : facetCountsOf(facet, rows, chosen)
  }

  /** The loader's counts of each facet over the whole collection; null when it kept none for this generation. */
  private async keptFacetCounts(): Promise<Map<string, FacetTally[]> | null> {
    if (!this.facetCountsKept) return null
    this.kept ??= this.database
      .query<FacetTally & { facet: string }>(
        'facet-counts',
        `SELECT facet, value, count FROM ${identifier(SCHEMA)}.facet_counts WHERE generation = $1 AND collection = $2`,
        [this.generation, this.collection.name],
      )
      .then((rows) => {
        const byFacet = new Map<string, FacetTally[]>()
        for (const { facet, value, count } of rows) {
          const tallies = byFacet.get(facet) ?? []
          tallies.push({ value, count })
          byFacet.set(facet, tallies)
        }
        return byFacet
      })
    // A failed read is asked again next time, never kept.
    this.kept.catch(() => {
      this.kept = null
    })
    const kept = await this.kept
    return kept.size > 0 ? kept : null
  }

  /**
   * The conditions of the filters on the filters table (`LIKE` on the folded columns), values as parameters;
   * a value no stored text can hold is FALSE, and never reaches the database (which refuses U+0000).
   */
  private filterConditions(filters: readonly FoldedFilter[], values: unknown[]): string[] {
    return filters.map(({ field, foldedValue }) => {
      if (!this.collection.filters.includes(field)) throw new Error(`${field} is not a filter field`)
      if (matchesNoText(foldedValue)) return 'FALSE'
      values.push(containsPattern(foldedValue))
      const column = identifier(foldedColumn(field))
      // `|| ''` hides the column from the trigram index (see usesTrigrams); the match is the same.
      return `${usesTrigrams(foldedValue) ? column : `(${column} || '')`} LIKE $${values.length}`
    })
  }

  /**
   * A view's order on the views table: a column's ranks (unique: ties by ascending id, empty values last, each
   * direction its own), or positions by id, as an ORDER BY key and its direction.
   */
  private orderOf(view: ListView) {
    const sort = view.sort
    const column = sort
      ? this.collection.columns.find((candidate) => candidate.field === sort.field)
      : undefined
    const byId = !column || column.kind === 'id'
    const descending = sort?.descending === true
    const key = byId ? 'v.position' : `v.${identifier(sortColumn(column, descending))}`
    return { key, direction: byId && descending ? 'DESC' : 'ASC', byId, descending }
  }

  /**
   * A stream's order: every record (null: the stream reads ranges of `position`, a key, never an OFFSET), the
   * positions a filter matches, or a view's positions in its order (its conditions and ranks, as its pages read
   * them; a search's without a sort in its order of relevance), sent as 4-byte integers in chunks; the stream
   * then reads the records by position in batches.
   */
  async streamOrder(
    filters: readonly FoldedFilter[],
    view: ListView | null,
    search: string | null = null,
  ): Promise<Int32Array | null> {
    if (view === null) {
      const matching = filters.length === 0 ? null : (await this.match(filters, 0, 0)).positions
      if (search === null) return matching
      const found = await this.foundBy(search)
      if (matching === null) return found
      const kept = new Set(matching)
      return found.filter((position) => kept.has(position))
    }
    const query = await this.withFound({ ...STREAM_QUERY, filters, search, view })
    const values: unknown[] = []
    const { from, key, direction, conditions, relevance } = this.viewSource(query, values)
    if (relevance && conditions.length === 0) return query.found
    const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''
    const rows = await this.database.query<{ chunk: Buffer }>(
      'stream-order',
      `SELECT string_agg(int4send(o.position), ''::bytea ORDER BY o.n) AS chunk FROM (
         SELECT v.position, row_number() OVER (ORDER BY ${key} ${direction}) - 1 AS n FROM ${from}${where}
       ) o GROUP BY o.n / ${POSITIONS_PER_CHUNK} ORDER BY o.n / ${POSITIONS_PER_CHUNK}`,
      sqlValues(values),
      { costly: true },
    )
    return orderedPositionsFrom(rows.map((row) => row.chunk))
  }

  async positionAfter(id: number): Promise<number> {
    // Positions follow ids: the first id above is found through the primary key.
    const [row] = await this.database.query<{ position: number }>(
      'position',
      `SELECT position FROM ${this.table} WHERE id > $1 ORDER BY id LIMIT 1`,
      [id],
    )
    return row?.position ?? this.count
  }

  async match(filters: readonly FoldedFilter[], start: number, end: number): Promise<Matches> {
    if (filters.some(({ foldedValue }) => matchesNoText(foldedValue)))
      return { positions: new Int32Array(0), records: [] }
    const values: unknown[] = []
    const conditions = this.filterConditions(filters, values)
    const offset = Math.min(start, MAX_INTEGER)
    values.push(offset, Math.max(0, end - start))
    const [offsetParameter, limitParameter] = [values.length - 1, values.length]
    const records: PageRow[] = []
    const chunks: Buffer[] = []
    const rows = await this.database.query<PageRow>(
      'filter',
      `WITH matching AS MATERIALIZED (SELECT position FROM ${this.filters} WHERE ${conditions.join(' AND ')})
       SELECT NULL::bytea AS positions, position, ${this.columns} FROM ${this.table}
        WHERE position IN (SELECT position FROM matching ORDER BY position OFFSET $${offsetParameter} LIMIT $${limitParameter})
       UNION ALL
       SELECT string_agg(int4send(position), ''::bytea), NULL, ${fieldsOf(this.collection)
         .map(() => 'NULL')
         .join(', ')} FROM matching GROUP BY position / ${POSITIONS_PER_CHUNK}`,
      values,
    )
    for (const row of rows) {
      if (row.position === null) chunks.push(row.positions as Buffer)
      else records.push(row)
    }
    records.sort((a, b) => (a.position as number) - (b.position as number))
    return { positions: positionsFrom(chunks), records }
  }
}

/**
 * Positions per row of a filter's answer: every position crosses the wire as 4 bytes of a `bytea` (hex, so 8
 * characters), in rows of at most this many, so that a filter matching a million records never holds its
 * positions as one string (each row's text is read into a buffer of its own as it comes).
 */
const POSITIONS_PER_CHUNK = 65_536

/** The largest `integer` (positions, ranks, counts are integers in the database). */
const MAX_INTEGER = 2 ** 31 - 1

/** Counts of a view's conditions kept per collection and generation (a few bytes each). */
const VIEW_COUNTS_KEPT = 10_000

/** Positions sent as 4-byte big-endian integers, in chunks, in no particular order: ascending, in one array. */
function positionsFrom(chunks: readonly Buffer[]): Int32Array {
  return orderedPositionsFrom(chunks).sort()
}

/** Positions sent as 4-byte big-endian integers, in chunks in their order: in that order, in one array. */
function orderedPositionsFrom(chunks: readonly Buffer[]): Int32Array {
  const positions = new Int32Array(chunks.reduce((sum, chunk) => sum + chunk.length / 4, 0))
  let at = 0
  for (const chunk of chunks) {
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length)
    for (let offset = 0; offset < chunk.length; offset += 4) positions[at++] = view.getInt32(offset)
  }
  return positions
}

/** A stream's view query: its order alone (no page, no facet). */
const STREAM_QUERY = { count: [], start: 0, end: 0, facetTimeLimitMs: 0 } as const

/** A view with the positions its search found, best first (null: no search). */
type FoundQuery = ViewQuery & { found: Int32Array | null }

/** A query's values as the database takes them: a search's positions as an array of integers. */
const sqlValues = (values: readonly unknown[]) =>
  values.map((value) => (value instanceof Int32Array ? Array.from(value) : value))

/** The key of a view's conditions for its kept count: a search named by its text, not its positions. */
const countKey = (conditions: readonly string[], values: readonly unknown[], query: FoundQuery) =>
  JSON.stringify([
    conditions,
    values.map((value) => (value instanceof Int32Array ? { search: query.search } : value)),
  ])
