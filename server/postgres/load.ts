import { basename } from 'node:path'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { type AnyCollection, COLLECTIONS, type DatasetRecord } from '../../src/catalogue'
import { chartedColumns, DATE_UNITS } from '../../src/catalogue/views/parameters'
import {
  type RecordSink,
  type StreamedDataset,
  type StreamProgress,
  streamDataset,
} from '../dataset/dataset-reader'
import { writeCharacters } from './characters-load'
import { distinctCountSql, keptBins, keptDates, periodSql } from './chart-counts'
import { CHANNEL, connectionOptions, SCHEMA } from './database'
import {
  columnsOf,
  copyWriter,
  facetColumn,
  filtersTableOf,
  foldedColumn,
  GENERATION_TABLE,
  generationOfTable,
  identifier,
  layoutOf,
  numberColumn,
  sortColumn,
  sortKeyOf,
  tableOf,
  viewsTableOf,
} from './layout'
import { migrate } from './migrate'
import { writeSearch } from './search-load'

/** One load or rollback at a time (`pg_advisory_lock` on this key); another waits for it. */
const LOAD_LOCK = '7316029002'

/** How long a load or rollback waits for another's lock before it gives up (seconds; `--wait`). */
export const DEFAULT_LOCK_WAIT_SECONDS = 600

/** How a load or rollback waits for the lock another holds: at most `seconds`, saying so once (`onWait`). */
export interface LockWait {
  seconds: number
  onWait(line: string): void
}

const NO_WAIT: LockWait = { seconds: DEFAULT_LOCK_WAIT_SECONDS, onWait: () => {} }

const STATE = `${identifier(SCHEMA)}.state`
const GENERATIONS = `${identifier(SCHEMA)}.generations`
const COUNTS = `${identifier(SCHEMA)}.collection_counts`
const FACET_COUNTS = `${identifier(SCHEMA)}.facet_counts`

/** What a load or rollback did, for its one-line summary. */
export interface Switched {
  /** The catalogue version now served. */
  version: number
  generation: number
  counts: Record<string, number>
}

/** A load or rollback that cannot be done, said in one sentence (the database's address is never in it). */
export class LoadError extends Error {
  override name = 'LoadError'
}

/**
 * `npm run db:load -- FILE`: loads a dataset file into the database as a new generation of tables and switches
 * the catalogue to it. The schema is migrated first if needed. Within one transaction, the file is streamed
 * through the file loader's rules into each collection's new table with COPY (a record's position is its
 * index when the file is in id order, renumbered by id otherwise), then the tables get their keys, their
 * trigram indexes and their statistics (ANALYZE), and the counts are stored; a file refused on the way rolls
 * all of it back, so nothing changes. Then one short transaction points the catalogue at the new generation,
 * adds one to its version and NOTIFYs the services; the generation served before is kept for `--rollback`
 * and any older one is dropped. Readers never wait for a load: they read the old generation or the new one.
 */
export async function loadDatasetFile(
  url: string,
  path: string,
  onProgress?: (progress: StreamProgress) => void,
  wait: LockWait = NO_WAIT,
): Promise<Switched> {
  return withLoadLock(url, wait, async (client) => {
    const [{ generation }] = (
      await client.query<{ generation: number }>(
        `SELECT nextval('${SCHEMA}.generation_numbers')::integer AS generation`,
      )
    ).rows as [{ generation: number }]
    await client.query('BEGIN')
    let streamed: StreamedDataset
    const sink = copySink(client, generation)
    try {
      // Indexes are built after the rows are in, far faster than updating them row by row.
      await client.query("SET LOCAL maintenance_work_mem = '256MB'")
      for (const collection of COLLECTIONS) {
        await client.query(`CREATE TABLE ${tableOf(collection, generation)} (LIKE ${layoutOf(collection)})`)
      }
      streamed = await streamDataset(path, COLLECTIONS, sink, onProgress)
      await client.query(
        `INSERT INTO ${GENERATIONS} (generation, source, source_bytes) VALUES ($1, $2, $3)`,
        [generation, basename(path), streamed.bytes],
      )
      const trigramOps = await trigramOperatorClass(client)
      for (const collection of COLLECTIONS) {
        await finishTable(client, collection, generation, streamed.ascending.has(collection.name), trigramOps)
        await client.query(`INSERT INTO ${COUNTS} (generation, collection, records) VALUES ($1, $2, $3)`, [
          generation,
          collection.name,
          streamed.counts[collection.name] ?? 0,
        ])
      }
      await writeSearch(
        client,
        generation,
        COLLECTIONS.map((collection) => ({ collection, count: streamed.counts[collection.name] ?? 0 })),
      )
      await writeCharacters(client, generation, COLLECTIONS)
      await client.query('COMMIT')
    } catch (error) {
      // A COPY still open holds the connection: it is failed first, or the ROLLBACK would wait behind it.
      await sink.abort(error)
      await client.query('ROLLBACK').catch(() => {})
      throw error
    }
    // Outside the load's transaction: marks the views tables' pages all-visible, so that counting a facet or a
    // range reads its index alone.
    for (const collection of COLLECTIONS) await client.query(`VACUUM ${viewsTableOf(collection, generation)}`)
    const switched = await switchTo(client, generation, 'load')
    await dropOldGenerations(client)
    return { ...switched, counts: streamed.counts }
  })
}

/**
 * `npm run db:load -- --rollback`: serves the generation served before the last switch again (a new catalogue
 * version, announced like a load), and keeps the one it replaces for the next rollback.
 */
export async function rollBack(url: string, wait: LockWait = NO_WAIT): Promise<Switched> {
  return withLoadLock(url, wait, async (client) => {
    const { rows } = await client.query<{ previous: number | null }>(
      `SELECT previous_generation::integer AS previous FROM ${STATE}`,
    )
    const previous = rows[0]?.previous ?? null
    if (previous === null)
      throw new LoadError(
        'There is no previous catalogue to roll back to: the database has had one load at most.',
      )
    const switched = await switchTo(client, previous, 'rollback')
    return { ...switched, counts: await countsOf(client, previous) }
  })
}

/**
 * Connects as the loader, migrates, and runs `work` holding the load lock: at once when it is free; otherwise
 * after saying so in one line, once the other load or rollback ends, for at most `wait.seconds`.
 */
async function withLoadLock<T>(
  url: string,
  wait: LockWait,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client(connectionOptions(url, 'catalogue-load'))
  // A connection error after connecting (the server going away) fails the query under way, not the process.
  client.on('error', () => {})
  await client.connect()
  try {
    await migrate(client)
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1::bigint) AS locked',
      [LOAD_LOCK],
    )
    if (!rows[0]?.locked) await waitForLock(client, wait)
    return await work(client)
  } finally {
    await client.end().catch(() => {})
  }
}

async function waitForLock(client: pg.Client, wait: LockWait): Promise<void> {
  const minutes =
    wait.seconds % 60 === 0 ? `${wait.seconds / 60} minute${wait.seconds === 60 ? '' : 's'}` : null
  const limit = minutes ?? `${wait.seconds} second${wait.seconds === 1 ? '' : 's'}`
  wait.onWait(
    `Another load or rollback of this database is running: waiting for it to end (at most ${limit}; --wait SECONDS to change that).`,
  )
  // An advisory lock's wait ends at lock_timeout (a lock_not_available error), the session's setting.
  await client.query(`SET lock_timeout = ${Math.round(wait.seconds * 1000)}`)
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [LOAD_LOCK])
  } catch (error) {
    if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error
    throw new LoadError(
      `Another load or rollback of this database held its lock for ${limit}: nothing was changed; try again once it ends, or wait longer with --wait SECONDS.`,
    )
  } finally {
    await client.query('SET lock_timeout = 0')
  }
}

/** The error code of a lock not granted within lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03'

/**
 * Each collection's array goes to its table through one COPY, written a batch of records at a time; `abort`
 * fails a COPY still open (CopyFail), so that the connection can take the ROLLBACK.
 */
function copySink(
  client: pg.Client,
  generation: number,
): RecordSink & { abort(error: unknown): Promise<void> } {
  let copy: ReturnType<typeof copyFrom> | null = null
  let finished: Promise<void> = Promise.resolve()
  let write: ((record: DatasetRecord, position: number) => string) | null = null
  return {
    begin(collection) {
      const columns = columnsOf(collection).map(identifier).join(', ')
      copy = client.query(copyFrom(`COPY ${tableOf(collection, generation)} (${columns}) FROM STDIN`))
      const stream = copy
      finished = new Promise((resolve, reject) => {
        stream.on('finish', resolve)
        stream.on('error', reject)
      })
      // Awaited by `end` or `abort`; a failure before then is theirs to report.
      finished.catch(() => {})
      write = copyWriter(collection)
    },
    async records(_collection, records, first) {
      const line = write as NonNullable<typeof write>
      let text = ''
      for (let index = 0; index < records.length; index++)
        text += line(records[index] as DatasetRecord, first + index)
      if (!(copy as NonNullable<typeof copy>).write(text))
        await waitForDrain(copy as NonNullable<typeof copy>)
    },
    async end() {
      copy?.end()
      await finished
      copy = null
    },
    async abort(error) {
      const open = copy
      copy = null
      if (open === null) return
      open.destroy(error instanceof Error ? error : new Error(String(error)))
      await finished.catch(() => {})
    },
  }
}

function waitForDrain(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', done)
      stream.off('error', done)
      if (error) reject(error)
      else resolve()
    }
    stream.once('drain', done)
    stream.once('error', done)
  })
}

/** Where pg_trgm's operator class is (the schema its extension was created in), qualified. */
async function trigramOperatorClass(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(
    "SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
  )
  const schema = rows[0]?.schema
  if (schema === undefined)
    throw new LoadError('The pg_trgm extension is missing: run npm run db:migrate as the database’s owner.')
  return `${identifier(schema)}.gin_trgm_ops`
}

/**
 * A collection's table once its rows are in: positions in id order (renumbered when the file was not in id
 * order), the keys (id, position), the planner's statistics; and its filters' table (positions and folded
 * values, in position order) with a trigram index on each folded column.
 */
async function finishTable(
  client: pg.Client,
  collection: AnyCollection,
  generation: number,
  ascending: boolean,
  trigramOps: string,
): Promise<void> {
  const table = tableOf(collection, generation)
  const name = (suffix: string) => identifier(`${collection.name}_g${generation}_${suffix}`)
  if (!ascending) {
    await client.query(
      `UPDATE ${table} AS t SET position = o.position FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1)::integer AS position FROM ${table}) AS o WHERE t.id = o.id`,
    )
  }
  await client.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name('id')} PRIMARY KEY (id)`)
  await client.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name('position')} UNIQUE (position)`)
  await client.query(`ANALYZE ${table}`)
  const filters = filtersTableOf(collection, generation)
  const folded = collection.filters.map((field) => identifier(foldedColumn(field)))
  await client.query(
    `CREATE TABLE ${filters} AS SELECT position, ${folded.join(', ')} FROM ${table} ORDER BY position`,
  )
  for (const [index, field] of collection.filters.entries()) {
    await client.query(
      `CREATE INDEX ${name(`${field}_trgm`)} ON ${filters} USING gin (${folded[index]} ${trigramOps})`,
    )
  }
  await client.query(`ANALYZE ${filters}`)
  await makeViewsTable(client, collection, generation)
  await keepFacetCounts(client, collection, generation)
}

/** Each facet's values over the whole collection, counted once here (migration 0003): never per request. */
async function keepFacetCounts(
  client: pg.Client,
  collection: AnyCollection,
  generation: number,
): Promise<void> {
  for (const facet of collection.facets) {
    await client.query(
      `INSERT INTO ${FACET_COUNTS} (generation, collection, facet, value, count) SELECT $1, $2, $3, ${identifier(facetColumn(facet))}, count(*) FROM ${viewsTableOf(collection, generation)} GROUP BY 4`,
      [generation, collection.name, facet.name],
    )
  }
  // The insights' facets over the whole collection (contract §13), kept beside the facets' under names of their own.
  const { counts, dates } = chartedColumns(collection)
  for (const field of counts)
    await client.query(
      `INSERT INTO ${FACET_COUNTS} (generation, collection, facet, value, count) SELECT $1, $2, $3, n::text, count(*) FROM (SELECT ${distinctCountSql(field)} AS n FROM ${tableOf(collection, generation)} t) s GROUP BY n`,
      [generation, collection.name, keptBins(field)],
    )
  for (const field of dates)
    for (const unit of DATE_UNITS)
      await client.query(
        `INSERT INTO ${FACET_COUNTS} (generation, collection, facet, value, count) SELECT $1, $2, $3, ${periodSql(collection, field, unit)}, count(*) FROM ${viewsTableOf(collection, generation)} v GROUP BY 4`,
        [generation, collection.name, keptDates(field, unit)],
      )
}

/**
 * A collection's views table (contract §12), made from its table: each record's position, its facet values
 * and numbers (as the loader wrote them), and its place in each column's order both ways, counted once here
 * with the reader's collation (`sortKeyOf`): a view sorted by a column then reads a unique index of integers,
 * any page of the whole list in one step, and a filtered view sorts integers. Indexed: the orders, the facets
 * (exact values) and the numbers (ranges).
 */
async function makeViewsTable(
  client: pg.Client,
  collection: AnyCollection,
  generation: number,
): Promise<void> {
  const views = viewsTableOf(collection, generation)
  const name = (suffix: string) => identifier(`${collection.name}_g${generation}_v_${suffix}`)
  const facets = collection.facets.map((facet) => identifier(facetColumn(facet)))
  const numbers = collection.columns
    .filter((column) => column.kind !== 'text' && column.kind !== 'id')
    .map((column) => identifier(numberColumn(column)))
  const sorted = collection.columns.filter((column) => column.kind !== 'id')
  const ranks = sorted.flatMap((column) =>
    [false, true].map(
      (descending) =>
        `(row_number() OVER (ORDER BY ${sortKeyOf(column)} ${descending ? 'DESC' : 'ASC'} NULLS LAST, position) - 1)::integer AS ${identifier(sortColumn(column, descending))}`,
    ),
  )
  await client.query(
    `CREATE TABLE ${views} AS SELECT position, ${[...facets, ...numbers, ...ranks].join(', ')} FROM ${tableOf(collection, generation)} ORDER BY position`,
  )
  await client.query(`ALTER TABLE ${views} ADD CONSTRAINT ${name('position')} PRIMARY KEY (position)`)
  for (const column of sorted) {
    for (const descending of [false, true]) {
      const rank = sortColumn(column, descending)
      await client.query(`CREATE UNIQUE INDEX ${name(rank)} ON ${views} (${identifier(rank)})`)
    }
  }
  for (const column of [...new Set([...facets, ...numbers])])
    await client.query(`CREATE INDEX ${name(column.slice(1, -1))} ON ${views} (${column})`)
  await client.query(`ANALYZE ${views}`)
}

/** One short transaction: the catalogue served becomes `generation`, one version more, announced. */
async function switchTo(
  client: pg.Client,
  generation: number,
  how: 'load' | 'rollback',
): Promise<Omit<Switched, 'counts'>> {
  await client.query('BEGIN')
  try {
    const { rows } = await client.query<{ version: number }>(
      `UPDATE ${STATE} SET previous_generation = generation, generation = $1, version = version + 1, changed_at = now() RETURNING version::integer AS version`,
      [generation],
    )
    const version = rows[0]?.version as number
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ version, how })])
    await client.query('COMMIT')
    return { version, generation }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  }
}

/** Drops every generation but the one served and the one before it (kept for a rollback). */
async function dropOldGenerations(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ generation: number }>(
    `SELECT g.generation::integer AS generation FROM ${GENERATIONS} g, ${STATE} s WHERE g.generation IS DISTINCT FROM s.generation AND g.generation IS DISTINCT FROM s.previous_generation`,
  )
  // Tables a load left behind without its generation's row (it stopped before committing) are dropped too.
  const { rows: tables } = await client.query<{ table: string }>(
    `SELECT tablename AS table FROM pg_tables WHERE schemaname = $1 AND tablename ~ $2`,
    [SCHEMA, GENERATION_TABLE],
  )
  const { rows: kept } = await client.query<{ generation: number | null; previous: number | null }>(
    `SELECT generation::integer AS generation, previous_generation::integer AS previous FROM ${STATE}`,
  )
  const keep = new Set([kept[0]?.generation, kept[0]?.previous])
  const old = new Set(rows.map(({ generation }) => generation))
  for (const { table } of tables) {
    const generation = generationOfTable(table)
    if (!keep.has(generation))
      await client.query(`DROP TABLE IF EXISTS ${identifier(SCHEMA)}.${identifier(table)}`)
  }
  if (old.size > 0)
    await client.query(`DELETE FROM ${GENERATIONS} WHERE generation = ANY($1::bigint[])`, [[...old]])
}

async function countsOf(client: pg.Client, generation: number): Promise<Record<string, number>> {
  const { rows } = await client.query<{ collection: string; records: number }>(
    `SELECT collection, records FROM ${COUNTS} WHERE generation = $1`,
    [generation],
  )
  return Object.fromEntries(rows.map(({ collection, records }) => [collection, records]))
}
