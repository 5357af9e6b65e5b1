import pg from 'pg'
import { type AnyCollection, COLLECTIONS } from '../../src/catalogue'
import { LiveCatalogue } from '../catalogue/live-catalogue'
import type { CatalogueContent } from '../catalogue/source'
import { PostgresCharacters } from './characters'
import { type DatabaseConfig, databaseFailure, redactedDatabaseUrl } from './config'
import { CHANNEL, connectionOptions, Database, SCHEMA } from './database'
import { identifier } from './layout'
import { SERVED_SCHEMA_VERSIONS } from './migrate'
import { PostgresSearch, PostgresSearchEngine } from './search'
import { PostgresCollection } from './store'

/** How often the version served is checked, in case a notification was missed (also how readiness is kept). */
export const CHECK_INTERVAL_MS = 1_000
/** The listening connection's first keepalive probe after this long idle (ms): a dead peer is noticed. */
const KEEPALIVE_MS = 10_000
const RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000]

/** The database cannot serve a catalogue: said in one sentence at start-up, and the service does not start. */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError'
}

export const UNREACHABLE = 'The catalogue’s database cannot be reached: answers wait for it to come back.'

type Served = {
  version: number
  generation: number
  since: Date
  counts: Map<string, number>
  /** The collections whose views table the generation has (made by a loader of schema version 2 or later). */
  views: Set<string>
  /** Whether the database keeps facets' counts over whole collections (schema version 3 or later). */
  facetCountsKept: boolean
  /** Whether the generation has its search (loaded by a loader of schema version 4 or later). */
  search: boolean
  /** Whether the generation has its characters (loaded by a loader of schema version 5 or later). */
  characters: boolean
}

/** What the service tells about the database as it goes, for its log. */
export interface DatabaseEvents {
  say(line: string, level: 'info' | 'warn'): void
}

/**
 * The catalogue in PostgreSQL as the service serves it: a LiveCatalogue whose version is the database's
 * catalogue version, replaced as soon as a load's switch is announced (LISTEN on a connection of its own, with
 * TCP keepalive, reconnected when it drops) or, should a notification be missed, found by a check of the
 * version every CHECK_INTERVAL_MS. The same check keeps readiness: while the database cannot be reached,
 * `live.unavailable` says so (and /readyz answers 503).
 */
export class PostgresCatalogue {
  readonly live: LiveCatalogue
  private listener: pg.Client | null = null
  private timer: NodeJS.Timeout | null = null
  private checking: Promise<void> | null = null
  private closed = false
  private reconnects = 0

  private constructor(
    readonly database: Database,
    private readonly collections: readonly AnyCollection[],
    served: Served,
    private readonly events: DatabaseEvents,
  ) {
    this.live = new LiveCatalogue(this.contentOf(served), served.version, served.since)
    this.live.deadlineMs = database.timeoutMs
  }

  /**
   * Connects, checks that the database holds a catalogue this service can read (its schema version in
   * SERVED_SCHEMA_VERSIONS, a catalogue loaded), and starts following it. Throws DatabaseStartError.
   */
  static async open(
    config: DatabaseConfig,
    events: DatabaseEvents,
    collections: readonly AnyCollection[] = COLLECTIONS,
  ): Promise<PostgresCatalogue> {
    const database = new Database(config.url, config.timeoutMs, config.poolSize, config.costlyQueries)
    const where = redactedDatabaseUrl(config.url)
    try {
      const version = await schemaVersionOf(database)
      const { oldest, newest } = SERVED_SCHEMA_VERSIONS
      if (version === null)
        throw new DatabaseStartError(
          `The database at ${where} holds no catalogue: load one with npm run db:load -- FILE.`,
        )
      if (version < oldest || version > newest)
        throw new DatabaseStartError(
          `The catalogue schema at ${where} is at version ${version}, and this service reads versions ${oldest} to ${newest}: ${version < oldest ? 'run npm run db:migrate first' : 'deploy a newer service'}.`,
        )
      const served = await readServed(database)
      if (served === null)
        throw new DatabaseStartError(
          `The database at ${where} holds no catalogue yet: load one with npm run db:load -- FILE.`,
        )
      const catalogue = new PostgresCatalogue(database, collections, served, events)
      database.onStale = () => void catalogue.check()
      catalogue.follow()
      return catalogue
    } catch (error) {
      await database.close().catch(() => {})
      if (error instanceof DatabaseStartError) throw error
      throw new DatabaseStartError(`Cannot read the catalogue from ${where}: ${databaseFailure(error)}`)
    }
  }

  private contentOf(served: Served): CatalogueContent {
    const sources = this.collections.map(
      (collection) =>
        new PostgresCollection(
          this.database,
          collection,
          served.generation,
          served.counts.get(collection.name) ?? 0,
          served.views.has(collection.name),
          served.facetCountsKept,
        ),
    )
    let search: PostgresSearch | null = null
    if (served.search) {
      search = new PostgresSearch(
        new PostgresSearchEngine(this.database, served.generation, sources),
        sources,
      )
      for (const source of sources) source.searchedBy(search)
    }
    return {
      // The database's catalogue version, and when it was switched to (a rebuilt database counts from 0 again).
      contentVersion: `${served.version}.${served.since.getTime()}`,
      collections: sources,
      search,
      characters: served.characters
        ? new PostgresCharacters(this.database, served.generation, sources)
        : null,
    }
  }

  /** Checks the version served now and switches to a new one (one check at a time; callers share it). */
  check(): Promise<void> {
    this.checking ??= this.checkOnce().finally(() => {
      this.checking = null
    })
    return this.checking
  }

  private async checkOnce(): Promise<void> {
    for (const { label, seconds } of this.database.overstays())
      this.events.say(
        `A database connection has been held ${seconds.toFixed(1)} s by a "${label}" query, past the ${this.database.timeoutMs / 1000} s deadline: one never given back leaves the pool a connection short.`,
        'warn',
      )
    let served: Served | null
    try {
      served = await readServed(this.database)
    } catch {
      if (this.live.unavailable === null) this.events.say(UNREACHABLE, 'warn')
      this.live.unavailable = UNREACHABLE
      return
    }
    if (this.live.unavailable !== null) this.events.say('The catalogue’s database answers again.', 'info')
    this.live.unavailable = null
    if (served !== null && served.version !== this.live.version) {
      this.live.replace(this.contentOf(served), served.version, served.since)
      this.events.say(
        `Serving catalogue version ${served.version} (generation ${served.generation}).`,
        'info',
      )
    }
  }

  private follow(): void {
    this.timer = setInterval(() => void this.check(), CHECK_INTERVAL_MS)
    this.timer.unref()
    void this.listen()
  }

  /** LISTEN on a connection of its own; on any failure, reconnect after a growing pause and check at once. */
  private async listen(): Promise<void> {
    if (this.closed) return
    const client = new pg.Client({
      ...connectionOptions(this.database.url, 'catalogue-service-listener'),
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_MS,
      connectionTimeoutMillis: this.database.timeoutMs,
    })
    this.listener = client
    const retry = () => {
      if (this.listener !== client || this.closed) return
      this.listener = null
      client.end().catch(() => {})
      const pause = RECONNECT_MS[Math.min(this.reconnects++, RECONNECT_MS.length - 1)]
      setTimeout(() => void this.listen(), pause).unref()
    }
    client.on('error', retry)
    client.on('end', retry)
    client.on('notification', () => void this.check())
    try {
      await client.connect()
      await client.query(`LISTEN ${identifier(CHANNEL)}`)
      this.reconnects = 0
      // A switch announced while nobody listened is found now.
      await this.check()
    } catch {
      retry()
    }
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    const listener = this.listener
    this.listener = null
    await Promise.all([listener?.end().catch(() => {}), this.checking, this.database.close().catch(() => {})])
  }
}

/** The version served now, its generation and counts: one statement, so one snapshot. Null before any load. */
async function readServed(database: Database): Promise<Served | null> {
  const rows = await database.query<{
    version: number
    generation: number | null
    since: Date
    collection: string | null
    records: number | null
    views: boolean
    facet_counts: boolean
    search: boolean
    characters: boolean
  }>(
    'version',
    `SELECT s.version, s.generation, s.changed_at AS since, c.collection, c.records,
            to_regclass('${SCHEMA}.' || quote_ident(c.collection || '_g' || s.generation || '_views')) IS NOT NULL AS views,
            to_regclass('${SCHEMA}.facet_counts') IS NOT NULL AS facet_counts,
            to_regclass('${SCHEMA}.' || quote_ident('search_g' || s.generation || '_words')) IS NOT NULL AS search,
            to_regclass('${SCHEMA}.' || quote_ident('characters_g' || s.generation)) IS NOT NULL AS characters
       FROM ${identifier(SCHEMA)}.state s
       LEFT JOIN ${identifier(SCHEMA)}.collection_counts c ON c.generation = s.generation`,
  )
  const [first] = rows
  if (first === undefined || first.generation === null) return null
  const counts = new Map<string, number>()
  const views = new Set<string>()
  for (const { collection, records, views: hasViews } of rows) {
    if (collection === null) continue
    counts.set(collection, records ?? 0)
    if (hasViews) views.add(collection)
  }
  return {
    version: first.version,
    generation: first.generation,
    since: first.since,
    counts,
    views,
    facetCountsKept: first.facet_counts,
    search: first.search,
    characters: first.characters,
  }
}

/** The latest migration applied; null when the database has no catalogue schema. */
async function schemaVersionOf(database: Database): Promise<number | null> {
  const [table] = await database.query<{ exists: boolean }>(
    'schema',
    `SELECT to_regclass('${SCHEMA}.schema_migrations') IS NOT NULL AS exists`,
  )
  if (!table?.exists) return null
  const [row] = await database.query<{ version: number | null }>(
    'schema',
    `SELECT max(version) AS version FROM ${identifier(SCHEMA)}.schema_migrations`,
  )
  return row?.version ?? null
}
