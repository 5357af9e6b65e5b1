import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config'
import {
  DEFAULT_DATABASE_TIMEOUT_MS,
  DEFAULT_POOL_SIZE,
  readDatabaseConfig,
  redactedDatabaseUrl,
} from './config'

const URL_WITH_PASSWORD =
  'postgres://reader:s3cret-pass@db.internal:5432/catalogue?sslmode=verify-full&application_name=x'

describe('the database settings', () => {
  it('are off without CATALOGUE_DATABASE_URL: the catalogue is the dataset file', () => {
    expect(readDatabaseConfig({})).toBeNull()
    expect(readDatabaseConfig({ CATALOGUE_DATABASE_URL: ' ', CATALOGUE_DATA: '/data/x.json' })).toBeNull()
  })

  it('read the address, the deadline and the pool size', () => {
    expect(readDatabaseConfig({ CATALOGUE_DATABASE_URL: URL_WITH_PASSWORD })).toEqual({
      url: URL_WITH_PASSWORD,
      timeoutMs: DEFAULT_DATABASE_TIMEOUT_MS,
      poolSize: DEFAULT_POOL_SIZE,
      costlyQueries: 2,
    })
    expect(
      readDatabaseConfig({
        CATALOGUE_DATABASE_URL: URL_WITH_PASSWORD,
        CATALOGUE_DATABASE_TIMEOUT_MS: '2500',
        CATALOGUE_DATABASE_POOL_SIZE: '4',
      }),
    ).toMatchObject({ timeoutMs: 2500, poolSize: 4, costlyQueries: 2 })
  })

  it('bound the costly queries below the pool: two by default, fewer for a small pool, as set below it', () => {
    const config = (pool: string, costly?: string) =>
      readDatabaseConfig({
        CATALOGUE_DATABASE_URL: URL_WITH_PASSWORD,
        CATALOGUE_DATABASE_POOL_SIZE: pool,
        ...(costly === undefined ? {} : { CATALOGUE_DATABASE_COSTLY_QUERIES: costly }),
      })?.costlyQueries
    expect([config('1'), config('3'), config('4'), config('50')]).toEqual([1, 1, 2, 2])
    expect(config('50', ' 12 ')).toBe(12)
    expect(config('10', '')).toBe(2)
    expect(() => config('10', '10')).toThrow(
      'Configuration error: CATALOGUE_DATABASE_COSTLY_QUERIES must be below CATALOGUE_DATABASE_POOL_SIZE (10), so that plain pages always find a connection (got "10").',
    )
    expect(() => config('10', '0')).toThrow(
      'Configuration error: CATALOGUE_DATABASE_COSTLY_QUERIES must be a whole number from 1 to 999 (got "0").',
    )
  })

  it('refuse a file and a database at once, in one sentence', () => {
    expect(() =>
      readDatabaseConfig({ CATALOGUE_DATABASE_URL: URL_WITH_PASSWORD, CATALOGUE_DATA: '/data/x.json' }),
    ).toThrow(
      new ConfigError(
        'Configuration error: CATALOGUE_DATA and CATALOGUE_DATABASE_URL are both set; set only one, the dataset file or the database the catalogue is read from.',
      ),
    )
  })

  it('refuse an address that is not postgres://, never repeating it (it may hold a password)', () => {
    const bad = 'mysql://reader:s3cret-pass@db.internal/catalogue'
    expect(() => readDatabaseConfig({ CATALOGUE_DATABASE_URL: bad })).toThrow(
      /^Configuration error: CATALOGUE_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ address, such as .*\.$/,
    )
    try {
      readDatabaseConfig({ CATALOGUE_DATABASE_URL: bad })
    } catch (error) {
      expect((error as Error).message).not.toContain('s3cret-pass')
    }
    expect(() =>
      readDatabaseConfig({ CATALOGUE_DATABASE_URL: URL_WITH_PASSWORD, CATALOGUE_DATABASE_TIMEOUT_MS: '50' }),
    ).toThrow(
      'Configuration error: CATALOGUE_DATABASE_TIMEOUT_MS must be a whole number from 100 to 60000 (got "50").',
    )
  })

  it('show the address without its password or other parameters, keeping sslmode', () => {
    expect(redactedDatabaseUrl(URL_WITH_PASSWORD)).toBe(
      'postgres://reader:***@db.internal:5432/catalogue?sslmode=verify-full',
    )
  })
})
