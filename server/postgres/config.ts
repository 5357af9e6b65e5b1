import { z } from 'zod'
import { ConfigError } from '../config'
import { wholeNumberVariable } from '../environment'

/** The PostgreSQL store's settings (contract §12), read at start-up; null when the catalogue is a file. */
export interface DatabaseConfig {
  /** `postgres://user:password@host:port/database?sslmode=…`; never written anywhere as it is. */
  url: string
  /** Longest a request waits for a pooled connection, and for each of its queries (ms). */
  timeoutMs: number
  /** Connections the service keeps open at most. */
  poolSize: number
  /** Costly queries (uncached views, streams' orders) run at once at most: below `poolSize` (contract §13). */
  costlyQueries: number
}

export const DEFAULT_DATABASE_TIMEOUT_MS = 5_000
export const DEFAULT_POOL_SIZE = 10

/**
 * Costly queries at once by default: two, so that a crowd of sorted views keeps at most two of the database's
 * cores busy; fewer for a pool too small to keep two connections for plain pages (one at least).
 */
export function defaultCostlyQueries(poolSize: number): number {
  return Math.max(1, Math.min(2, poolSize - 2))
}

const DatabaseEnvironment = z.object({
  CATALOGUE_DATABASE_URL: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return null
      const value = text.trim()
      if (!URL.canParse(value) || !['postgres:', 'postgresql:'].includes(new URL(value).protocol)) {
        context.addIssue({
          code: 'custom',
          message:
            'CATALOGUE_DATABASE_URL must be a postgres:// or postgresql:// address, such as postgres://catalogue@127.0.0.1:5432/catalogue',
        })
        return z.NEVER
      }
      return value
    }),
  CATALOGUE_DATABASE_TIMEOUT_MS: wholeNumberVariable('CATALOGUE_DATABASE_TIMEOUT_MS', {
    min: 100,
    max: 60_000,
    fallback: DEFAULT_DATABASE_TIMEOUT_MS,
  }),
  CATALOGUE_DATABASE_POOL_SIZE: wholeNumberVariable('CATALOGUE_DATABASE_POOL_SIZE', {
    min: 1,
    max: 1_000,
    fallback: DEFAULT_POOL_SIZE,
  }),
  CATALOGUE_DATABASE_COSTLY_QUERIES: wholeNumberVariable('CATALOGUE_DATABASE_COSTLY_QUERIES', {
    min: 1,
    max: 999,
    fallback: null,
  }),
})

/**
 * Reads the database settings; null when CATALOGUE_DATABASE_URL is not set (the catalogue is the dataset file).
 * Throws ConfigError with one sentence on a bad value, never repeating the address (it may hold a password),
 * or when CATALOGUE_DATA is set as well: the catalogue comes from one store.
 */
export function readDatabaseConfig(environment: NodeJS.ProcessEnv = process.env): DatabaseConfig | null {
  const result = DatabaseEnvironment.safeParse(environment)
  if (!result.success) {
    const issue = result.error.issues[0]
    const variable = String(issue?.path[0] ?? '')
    const got =
      variable === 'CATALOGUE_DATABASE_URL' ? '' : ` (got ${JSON.stringify(environment[variable] ?? '')})`
    throw new ConfigError(`Configuration error: ${issue?.message ?? 'invalid value'}${got}.`)
  }
  const { CATALOGUE_DATABASE_URL: url } = result.data
  if (url === null) return null
  if ((environment.CATALOGUE_DATA ?? '').trim() !== '') {
    throw new ConfigError(
      'Configuration error: CATALOGUE_DATA and CATALOGUE_DATABASE_URL are both set; set only one, the dataset file or the database the catalogue is read from.',
    )
  }
  const poolSize = result.data.CATALOGUE_DATABASE_POOL_SIZE
  const costly = result.data.CATALOGUE_DATABASE_COSTLY_QUERIES
  if (costly !== null && costly >= poolSize && poolSize > 1) {
    throw new ConfigError(
      `Configuration error: CATALOGUE_DATABASE_COSTLY_QUERIES must be below CATALOGUE_DATABASE_POOL_SIZE (${poolSize}), so that plain pages always find a connection (got "${environment.CATALOGUE_DATABASE_COSTLY_QUERIES}").`,
    )
  }
  return {
    url,
    timeoutMs: result.data.CATALOGUE_DATABASE_TIMEOUT_MS,
    poolSize,
    costlyQueries: costly === null ? defaultCostlyQueries(poolSize) : Math.min(costly, poolSize),
  }
}

/** The database's address as it may be shown: without its password, nor any parameter but `sslmode`. */
export function redactedDatabaseUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  const sslmode = parsed.searchParams.get('sslmode')
  parsed.search = sslmode === null ? '' : `?sslmode=${encodeURIComponent(sslmode)}`
  return parsed.toString()
}

/** The database's address for the tools (`db:load`, `db:migrate`): CATALOGUE_DATABASE_URL, which they need. */
export function databaseUrlFrom(environment: NodeJS.ProcessEnv): string {
  const { CATALOGUE_DATA: _file, ...rest } = environment
  const config = readDatabaseConfig(rest)
  if (config === null) {
    throw new ConfigError(
      'Configuration error: CATALOGUE_DATABASE_URL is not set; set it to the database to load, such as postgres://catalogue_owner@127.0.0.1:5432/catalogue.',
    )
  }
  return config.url
}

/** A database's error in a sentence that never holds the address (or its password). */
export function databaseFailure(error: unknown): string {
  const { message = String(error), code } = error as { message?: string; code?: string }
  if (code === 'ECONNREFUSED')
    return 'the database refused the connection (is it running, and is the address right?).'
  return message.endsWith('.') ? message : `${message}.`
}
