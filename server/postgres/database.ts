import pg from 'pg'
import { StoreUnavailableError } from '../catalogue/errors'

/** The schema every table of the catalogue lives in: nothing else in the database is touched. */
export const SCHEMA = 'catalogue'

/** The NOTIFY channel a switch of the catalogue (a load, a rollback) announces its new version on. */
export const CHANNEL = 'catalogue_changed'

const INT8_ARRAY = 1016
/** integer[]'s parser (items through parseInt, exact for every safe integer) reads a bigint[] alike. */
const readIntegers = pg.types.getTypeParser(1007 as Parameters<typeof pg.types.getTypeParser>[0], 'text')
/**
 * Results as the dataset file holds them: a `bigint` (an id, a character id) is a JavaScript number, which it
 * always fits (the loader accepts safe integers only); every other type as pg reads it.
 */
const TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return Number
    if (oid === INT8_ARRAY) return readIntegers
    return pg.types.getTypeParser(oid, format ?? 'text')
  },
} as pg.CustomTypesConfig

/** A connection's settings: the address (sslmode and all), a name the server's views show, our type parsers. */
export function connectionOptions(url: string, applicationName: string): pg.ClientConfig {
  return { connectionString: url, application_name: applicationName, types: TYPES }
}

/**
 * Why a query failed, for the metrics: the database did not answer in time, could not be reached, or no longer
 * holds the generation asked for (`stale`: this replica missed two switches, and the catalogue is read again).
 */
export type QueryFailure = 'timeout' | 'unreachable' | 'stale'

/** Reports on what the service asks the database (the metrics listen). */
export interface DatabaseObserver {
  query(label: string, seconds: number): void
  failed(failure: QueryFailure): void
}

/**
 * The service's side of the database: a pool of read-only connections and one way to query through it, with a
 * deadline on the wait for a connection and on every query, kept by the client (a server's own timeout cannot
 * fire while the server is paused). A query that misses its deadline, or a database that cannot be reached,
 * is a StoreUnavailableError (a 503); the connection it held is closed, never handed out again.
 */
export class Database {
  readonly pool: pg.Pool
  private observer: DatabaseObserver | null = null
  /** Called when a query finds its generation's tables gone (the catalogue served is out of date). */
  onStale: () => void = () => {}

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
    poolSize: number,
  ) {
    this.pool = new pg.Pool({
      ...connectionOptions(url, 'catalogue-service'),
      max: poolSize,
      connectionTimeoutMillis: timeoutMs,
      // Every query's deadline, a query object's too (each() below).
      query_timeout: timeoutMs,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      // Belt and braces: the server stops a query the client has given up on, and never writes.
      statement_timeout: timeoutMs,
      options: '-c default_transaction_read_only=on',
    })
    // An idle connection whose server went away: the pool drops it; the next query opens another.
    this.pool.on('error', () => this.observer?.failed('unreachable'))
  }

  observe(observer: DatabaseObserver): void {
    this.observer = observer
  }

  /** The rows of one query (values always as parameters); `label` names it in the metrics. */
  query<Row extends object>(label: string, text: string, values: unknown[] = []): Promise<Row[]> {
    return this.withClient(label, async (client) => (await client.query<Row>(text, values)).rows)
  }

  /**
   * The rows of one query that must answer within `ms` (a facet's count), or null when it does not: the
   * database stops it (`statement_timeout` in its own transaction), and the connection is used again. The
   * service's deadline still holds for the rest (a database that cannot be reached is a 503 as ever).
   */
  queryWithin<Row extends object>(
    label: string,
    ms: number,
    text: string,
    values: unknown[] = [],
  ): Promise<Row[] | null> {
    if (!(ms >= 1)) return Promise.resolve(null)
    return this.withClient(label, async (client) => {
      await client.query('BEGIN')
      try {
        await client.query(`SET LOCAL statement_timeout = ${Math.floor(ms)}`)
        const { rows } = await client.query<Row>(text, values)
        await client.query('COMMIT')
        return rows
      } catch (error) {
        const canceled = (error as { code?: string }).code === QUERY_CANCELED
        // A connection that answered (the database's own refusal, or the time limit) ends its transaction and
        // is used again; one that did not is closed by withClient.
        if (canceled || failureOf(error) === null) await client.query('ROLLBACK')
        if (canceled) return null
        throw error
      }
    })
  }

  /**
   * Hands each row of one query to `onRow` as it arrives, keeping none: for results too large to hold twice
   * (a broad filter's positions, sent in chunks).
   */
  each<Row extends object>(
    label: string,
    text: string,
    values: unknown[],
    onRow: (row: Row) => void,
  ): Promise<void> {
    return this.withClient(
      label,
      (client) =>
        new Promise<void>((resolve, reject) => {
          const query = new pg.Query(text, values)
          query.on('row', (row: Row) => onRow(row))
          query.on('end', () => resolve())
          query.on('error', reject)
          client.query(query)
        }),
    )
  }

  /** Runs `work` on a pooled connection, within the deadlines (a wait for the connection, and each query). */
  private async withClient<T>(label: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const started = performance.now()
    let client: pg.PoolClient
    try {
      client = await this.pool.connect()
    } catch (error) {
      throw this.unavailable(error)
    }
    try {
      const result = await work(client)
      client.release()
      this.observer?.query(label, (performance.now() - started) / 1000)
      return result
    } catch (error) {
      const failure = failureOf(error)
      // A connection that timed out may still be busy with the query: it is closed, not reused.
      client.release(failure === null ? undefined : (error as Error))
      if (failure === null) throw error
      throw this.unavailable(error)
    }
  }

  private unavailable(error: unknown): StoreUnavailableError {
    const failure = failureOf(error) ?? 'unreachable'
    this.observer?.failed(failure)
    if (failure === 'stale') {
      this.onStale()
      return new StoreUnavailableError(
        'The catalogue changed while this request was read; ask again: the next answer comes from the new one.',
        1,
      )
    }
    return new StoreUnavailableError()
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}

/** The error code of a statement stopped by `statement_timeout`. */
const QUERY_CANCELED = '57014'

/**
 * Whether an error means the database did not answer in time or cannot be reached (rather than a query the
 * database refused): null for a database's refusal of the query itself.
 */
export function failureOf(error: unknown): QueryFailure | null {
  const { message = '', code = '' } = error as { message?: string; code?: string }
  if (/timeout|timed out/i.test(message) || code === '57014') return 'timeout'
  // undefined_table: the generation read was dropped by a load (only ever after two switches).
  if (code === '42P01') return 'stale'
  // A socket's error (ECONNREFUSED…), a connection pg gave up on, a connection exception (08), an operator
  // intervention such as a shutdown (57) or a lack of resources such as too many connections (53).
  if (/^E[A-Z]+$/.test(code) || /^(08|57|53)/.test(code)) return 'unreachable'
  if (/Connection terminated|not queryable|Client was closed/i.test(message)) return 'unreachable'
  return null
}
