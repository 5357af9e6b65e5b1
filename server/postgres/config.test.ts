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
    })
    expect(
      readDatabaseConfig({
        CATALOGUE_DATABASE_URL: URL_WITH_PASSWORD,
        CATALOGUE_DATABASE_TIMEOUT_MS: '2500',
        CATALOGUE_DATABASE_POOL_SIZE: '4',
      }),
    ).toMatchObject({ timeoutMs: 2500, poolSize: 4 })
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
