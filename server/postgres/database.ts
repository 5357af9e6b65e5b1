import pg from 'pg'
import { ClientGoneError, clientGone, msLeft } from '../catalogue/deadline'
import { StoreUnavailableError } from '../catalogue/errors'
import { defaultCostlyQueries } from './config'
import { WorkBound } from './work-bound'

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

/** How a query is run: `costly` ones (uncached views, searches, streams' orders) share the work bound. */
export interface QueryOptions {
  costly?: boolean
}

/** A connection checked out of the pool: by which query, since when, and whether its overstay was reported. */
interface Checkout {
  label: string
  since: number
  reported: boolean
}

/** A connection held longer than the deadline (a leak, or a query the database does not end). */
export interface Overstay {
  label: string
  seconds: number
}

/** The deadline passed while waiting (for a connection, a share of the work, or a query's rows). */
class DeadlineError extends Error {
  constructor(what: string) {
    super(`Timed out waiting for ${what}`)
  }
}

/**
 * The service's side of the database: a pool of read-only connections and one way to query through it. Every
 * wait (for a share of the work bound, for a connection) and every query ends by the request's deadline
 * (deadline.ts) and within the database's timeout, kept by the client (a server's own timeout cannot fire
 * while the server is paused). A query that misses it, or a database that cannot be reached, is a
 * StoreUnavailableError (a 503); the connection it held is closed, never handed out again. Whatever a query's
 * error, its connection goes back to the pool or is closed; a checked-out connection whose server goes away
 * fails its query, never the process.
 */
export class Database {
  readonly pool: pg.Pool
  /** How many costly queries run at once (contract §13: below the pool's size; CATALOGUE_DATABASE_COSTLY_QUERIES). */
  readonly work: WorkBound
  private readonly checkouts = new Map<pg.PoolClient, Checkout>()
  private observer: DatabaseObserver | null = null
  /** Called when a query finds its generation's tables gone (the catalogue served is out of date). */
  onStale: () => void = () => {}

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
    poolSize: number,
    costlyQueries = defaultCostlyQueries(poolSize),
  ) {
    this.pool = new pg.Pool({
      ...connectionOptions(url, 'catalogue-service'),
      max: poolSize,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      // Belt and braces: the server stops a query the client has given up on, and never writes; and a query runs
      // in its own process alone, so that the bound on costly queries is a bound on the cores they take.
      statement_timeout: timeoutMs,
      options: '-c default_transaction_read_only=on -c max_parallel_workers_per_gather=0',
    })
    this.work = new WorkBound(costlyQueries)
    // An idle connection whose server went away: the pool drops it; the next query opens another.
    this.pool.on('error', () => this.observer?.failed('unreachable'))
    // A connection whose server goes away while it is checked out emits `error` on itself (the pool listens on
    // idle ones only): its query fails with it (withClient), and the process never ends for want of a listener,
    // whatever holds the connection.
    this.pool.on('connect', (client) => client.on('error', () => this.observer?.failed('unreachable')))
    // Every checkout, by whoever made it, until the pool has it back (or closed it): a leak shows as one held on.
    this.pool.on('acquire', (client) => {
      this.checkouts.set(client, { label: 'unnamed', since: performance.now(), reported: false })
    })
    this.pool.on('release', (_error, client) => this.checkouts.delete(client))
    this.pool.on('remove', (client) => this.checkouts.delete(client))
  }

  observe(observer: DatabaseObserver): void {
    this.observer = observer
  }

  /** Costly queries waiting for their share of the work now. */
  get waitingForWork(): number {
    return this.work.queued
  }

  /** The rows of one query (values always as parameters); `label` names it in the metrics. */
  query<Row extends object>(
    label: string,
    text: string,
    values: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<Row[]> {
    return this.withClient(label, options, async (client, ms) => {
      return (await client.query<Row>(timed(text, values, ms))).rows
    })
  }

  /**
   * The rows of one query that must answer within `ms` (a facet's count), or null when it does not: the
   * database stops it (`statement_timeout` in its own transaction), and the connection is used again. A costly
   * one waits for its share of the work within `ms` too. The request's deadline still holds for the rest (a
   * database that cannot be reached is a 503 as ever).
   */
  async queryWithin<Row extends object>(
    label: string,
    ms: number,
    text: string,
    values: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<Row[] | null> {
    if (!(ms >= 1)) return null
    const started = performance.now()
    const done = options.costly ? await this.work.take(Math.min(ms, this.msLeft())) : () => {}
    if (done === null) return null
    try {
      const limit = Math.floor(ms - (performance.now() - started))
      if (limit < 1) return null
      return await this.withClient(label, {}, async (client) => {
        // Each step within what is left of the deadline.
        const step = (text: string, values: unknown[] = []) =>
          client.query<Row>(timed(text, values, Math.max(1, Math.ceil(this.msLeft()))))
        await step('BEGIN')
        try {
          await step(`SET LOCAL statement_timeout = ${limit}`)
          const { rows } = await step(text, values)
          await step('COMMIT')
          return rows
        } catch (error) {
          const canceled = (error as { code?: string }).code === QUERY_CANCELED
          // A connection that answered (the database's own refusal, or the time limit) ends its transaction
          // and is used again; one that did not is closed by withClient.
          if (canceled || failureOf(error) === null) await step('ROLLBACK')
          if (canceled) return null
          throw error
        }
      })
    } finally {
      done()
    }
  }

  /** Connections checked out longer than the deadline (leaked, or stuck), each told once, for the log. */
  overstays(): Overstay[] {
    const now = performance.now()
    const found: Overstay[] = []
    for (const checkout of this.checkouts.values()) {
      if (checkout.reported || now - checkout.since <= this.timeoutMs) continue
      checkout.reported = true
      found.push({ label: checkout.label, seconds: (now - checkout.since) / 1000 })
    }
    return found
  }

  /** How long the longest-held connection has been checked out now (seconds; 0 when none is). */
  longestCheckoutSeconds(): number {
    const now = performance.now()
    let longest = 0
    for (const { since } of this.checkouts.values()) longest = Math.max(longest, now - since)
    return longest / 1000
  }

  /** What is left of the request's deadline, within the database's timeout (ms). */
  private msLeft(): number {
    return Math.min(this.timeoutMs, msLeft())
  }

  /**
   * Runs `work` on a pooled connection, after its share of the work bound if costly, each step within what is
   * left of the deadline (`work` is told how long its queries may take).
   */
  private async withClient<T>(
    label: string,
    options: QueryOptions,
    work: (client: pg.PoolClient, ms: number) => Promise<T>,
  ): Promise<T> {
    const started = performance.now()
    let done: (() => void) | null = () => {}
    if (options.costly) {
      done = await this.work.take(this.msLeft())
      if (done === null) throw this.unavailable(new DeadlineError('a share of the database’s work'))
      // A request whose client went while it waited its turn (a palette's, aborted by the next keystroke)
      // gives its turn to the next, its query never started.
      if (clientGone()) {
        done()
        throw new ClientGoneError('The client went before its query started.')
      }
    }
    try {
      const client = await this.connect()
      const checkout = this.checkouts.get(client)
      if (checkout) checkout.label = label
      // A connection that broke while held is closed, not handed out again.
      let broken: Error | null = null
      const onError = (error: Error) => {
        broken = error
      }
      client.on('error', onError)
      try {
        const ms = this.msLeft()
        if (ms < 1) throw new DeadlineError('the database')
        const result = await work(client, Math.ceil(ms))
        client.release(broken ?? undefined)
        this.observer?.query(label, (performance.now() - started) / 1000)
        return result
      } catch (error) {
        const failure = failureOf(error)
        // A connection that timed out may still be busy with the query: it is closed, not reused.
        client.release(broken ?? (failure === null ? undefined : (error as Error)))
        if (failure === null) throw error
        throw this.unavailable(error)
      } finally {
        client.off('error', onError)
      }
    } finally {
      done()
    }
  }

  /** A pooled connection within what is left of the deadline (the pool's own timeout covers the rest). */
  private async connect(): Promise<pg.PoolClient> {
    const ms = this.msLeft()
    try {
      if (ms >= this.timeoutMs) return await this.pool.connect()
      if (ms < 1) throw new DeadlineError('a connection')
      return await new Promise<pg.PoolClient>((resolve, reject) => {
        let late = false
        const timer = setTimeout(() => {
          late = true
          reject(new DeadlineError('a connection'))
        }, ms)
        this.pool.connect().then(
          (client) => {
            // Came after the request gave up: straight back to the pool.
            if (late) return client.release()
            clearTimeout(timer)
            resolve(client)
          },
          (error: unknown) => {
            clearTimeout(timer)
            if (!late) reject(error)
          },
        )
      })
    } catch (error) {
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

/** A query with a read deadline of its own (pg reads `query_timeout` from the config; its types leave it out). */
function timed(text: string, values: unknown[], ms: number): pg.QueryConfig {
  return { text, values, query_timeout: ms } as pg.QueryConfig
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
