import type { AnyCollection, DatasetRecord } from '../../src/catalogue'
import type { ListView } from '../../src/catalogue/views/view'
import type { AppliedFilter, CollectionSource, Matches, ViewAnswer, ViewQuery } from '../catalogue/source'
import type { Database } from './database'
import { fieldsOf, filtersTableOf, foldedColumn, identifier, tableOf } from './layout'

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
  private readonly columns: string

  constructor(
    private readonly database: Database,
    readonly collection: AnyCollection,
    generation: number,
    readonly count: number,
  ) {
    this.table = tableOf(collection, generation)
    this.filters = filtersTableOf(collection, generation)
    this.columns = fieldsOf(collection).map(identifier).join(', ')
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

  prepareViews(): void {}

  answerView(_query: ViewQuery): Promise<ViewAnswer> {
    return Promise.reject(new Error('Views are not answered from PostgreSQL yet.'))
  }

  /**
   * A stream's order: every record (null: the stream reads ranges of `position`, a key, never an OFFSET), or
   * the positions a filter matches (read in batches by position).
   */
  async streamOrder(filters: readonly AppliedFilter[], view: ListView | null): Promise<Int32Array | null> {
    if (view !== null) throw new Error('Views are not answered from PostgreSQL yet.')
    if (filters.length === 0) return null
    return (await this.match(filters, 0, 0)).positions
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

  async match(filters: readonly AppliedFilter[], start: number, end: number): Promise<Matches> {
    const values: unknown[] = []
    const conditions = filters.map(({ field, foldedValue }) => {
      if (!this.collection.filters.includes(field)) throw new Error(`${field} is not a filter field`)
      values.push(containsPattern(foldedValue))
      const column = identifier(foldedColumn(field))
      // `|| ''` hides the column from the trigram index (see usesTrigrams); the match is the same.
      return `${usesTrigrams(foldedValue) ? column : `(${column} || '')`} LIKE $${values.length}`
    })
    const offset = Math.min(start, 2 ** 31 - 1)
    values.push(offset, Math.max(0, end - start))
    const [offsetParameter, limitParameter] = [values.length - 1, values.length]
    const records: PageRow[] = []
    const chunks: Buffer[] = []
    await this.database.each<PageRow>(
      'filter',
      `WITH matching AS MATERIALIZED (SELECT position FROM ${this.filters} WHERE ${conditions.join(' AND ')})
       SELECT NULL::bytea AS positions, position, ${this.columns} FROM ${this.table}
        WHERE position IN (SELECT position FROM matching ORDER BY position OFFSET $${offsetParameter} LIMIT $${limitParameter})
       UNION ALL
       SELECT string_agg(int4send(position), ''::bytea), NULL, ${fieldsOf(this.collection)
         .map(() => 'NULL')
         .join(', ')} FROM matching GROUP BY position / ${POSITIONS_PER_CHUNK}`,
      values,
      (row) => {
        if (row.position === null) chunks.push(row.positions as Buffer)
        else records.push(row)
      },
    )
    records.sort((a, b) => (a.position as number) - (b.position as number))
    return { positions: positionsFrom(chunks), records }
  }
}

/**
 * Positions per row of a filter's answer: every position crosses the wire as 4 bytes of a `bytea` (hex, so 8
 * characters), in rows of at most this many, each read into numbers as it comes, so that a filter matching a
 * million records never holds its positions as one 8 MB string.
 */
const POSITIONS_PER_CHUNK = 65_536

/** Positions sent as 4-byte big-endian integers, in chunks, in no particular order: ascending, in one array. */
function positionsFrom(chunks: readonly Buffer[]): Int32Array {
  const positions = new Int32Array(chunks.reduce((sum, chunk) => sum + chunk.length / 4, 0))
  let at = 0
  for (const chunk of chunks) {
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length)
    for (let offset = 0; offset < chunk.length; offset += 4) positions[at++] = view.getInt32(offset)
  }
  return positions.sort()
}
