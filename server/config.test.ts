import { describe, expect, it } from 'vitest'
import { DEFAULT_DATASET_PATH, readConfig } from './config'
import { readOperationsConfig } from './operations/config'
import { REDIS_TIMEOUT_MS } from './operations/redis-rate-limit'
import { startWarnings } from './start'

describe('configuration from the environment', () => {
  it('has the contract’s defaults: port 8080 on 127.0.0.1, demo mode, shipped dataset, 50 requests a second', () => {
    expect(readConfig({}, false)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      apiKeys: [],
      dataPath: DEFAULT_DATASET_PATH,
      dataMaxBytes: 128 * 1024 * 1024,
      publicUrl: null,
      rateLimit: 50,
      trustProxy: null,
      logFormat: 'json',
      drainSeconds: 0,
      maxConnections: 10_000,
      maxConnectionsPerAddress: 100,
      firstView: true,
      views: true,
      renderRate: 5,
    })
    expect(readConfig({}, true).logFormat).toBe('pretty')
  })

  it('reads every variable', () => {
    expect(
      readConfig({
        PORT: '9000',
        HOST: '0.0.0.0',
        CATALOGUE_API_KEYS: ' first-key-0123456 , second-key-012345',
        CATALOGUE_DATA: '/tmp/big.json',
        CATALOGUE_DATA_MAX_MB: '200',
        CATALOGUE_PUBLIC_URL: 'https://catalogue.example.com/',
        CATALOGUE_RATE_LIMIT: '0',
        CATALOGUE_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        LOG_FORMAT: 'pretty',
        CATALOGUE_DRAIN_SECONDS: '5',
        CATALOGUE_MAX_CONNECTIONS: '500',
        CATALOGUE_MAX_CONNECTIONS_PER_ADDRESS: '20',
        CATALOGUE_FIRST_VIEW: 'off',
        CATALOGUE_VIEWS: 'off',
        CATALOGUE_RENDER_RATE: '0',
      }),
    ).toEqual({
      port: 9000,
      host: '0.0.0.0',
      apiKeys: ['first-key-0123456', 'second-key-012345'],
      dataPath: '/tmp/big.json',
      dataMaxBytes: 200 * 1024 * 1024,
      publicUrl: 'https://catalogue.example.com',
      rateLimit: 0,
      trustProxy: '10.0.0.0/8, 127.0.0.1',
      logFormat: 'pretty',
      drainSeconds: 5,
      maxConnections: 500,
      maxConnectionsPerAddress: 20,
      firstView: false,
      views: false,
      renderRate: 0,
    })
  })

  it.each([
    [
      { CATALOGUE_FIRST_VIEW: 'yes' },
      'Configuration error: CATALOGUE_FIRST_VIEW must be on or off (got "yes").',
    ],
    [
      { CATALOGUE_DATA_MAX_MB: '600' },
      'Configuration error: CATALOGUE_DATA_MAX_MB must be a whole number from 1 to 511 (got "600").',
    ],
    [{ CATALOGUE_VIEWS: 'no' }, 'Configuration error: CATALOGUE_VIEWS must be on or off (got "no").'],
    [{ PORT: 'abc' }, 'Configuration error: PORT must be a whole number from 0 to 65535 (got "abc").'],
    [{ PORT: '65536' }, 'Configuration error: PORT must be a whole number from 0 to 65535 (got "65536").'],
    [
      { CATALOGUE_RATE_LIMIT: '-5' },
      'Configuration error: CATALOGUE_RATE_LIMIT must be a whole number from 0 to 1000000 (got "-5").',
    ],
    [
      { CATALOGUE_RENDER_RATE: '2.5' },
      'Configuration error: CATALOGUE_RENDER_RATE must be a whole number from 0 to 1000000 (got "2.5").',
    ],
    [
      { CATALOGUE_PUBLIC_URL: 'catalogue.example.com' },
      'Configuration error: CATALOGUE_PUBLIC_URL must be an absolute http or https address without credentials, query or fragment, such as https://catalogue.example.com (got "catalogue.example.com").',
    ],
  ])('refuses %o with one sentence', (environment, message) => {
    expect(() => readConfig(environment)).toThrow(message)
  })

  it('reads every whole number after trimming white space, and an empty one as its default', () => {
    expect(readConfig({ PORT: ' 80' }).port).toBe(80)
    expect(readConfig({ PORT: '' }).port).toBe(8080)
    expect(readConfig({ CATALOGUE_RATE_LIMIT: ' 7 ', CATALOGUE_DRAIN_SECONDS: '' })).toMatchObject({
      rateLimit: 7,
      drainSeconds: 0,
    })
    expect(readOperationsConfig({ METRICS_PORT: ' 9464', CATALOGUE_REDIS_TIMEOUT_MS: '' })).toMatchObject({
      metricsPort: 9464,
      redisTimeout: REDIS_TIMEOUT_MS,
    })
    expect(() => readOperationsConfig({ CATALOGUE_REDIS_TIMEOUT_MS: '0' })).toThrow(
      'Configuration error: CATALOGUE_REDIS_TIMEOUT_MS must be a whole number of milliseconds from 1 to 60000 (got "0").',
    )
  })

  it.each([
    'https://catalogue.example.com?',
    'https://catalogue.example.com#',
    'https://catalogue.example.com/?page=1',
    'https://user:secret@catalogue.example.com',
    'ftp://catalogue.example.com',
  ])('refuses the public address %j: it would write broken or secret addresses', (address) => {
    expect(() => readConfig({ CATALOGUE_PUBLIC_URL: address })).toThrow(/CATALOGUE_PUBLIC_URL must be/)
  })

  it('does not repeat credentials of a refused public address', () => {
    expect(() => readConfig({ CATALOGUE_PUBLIC_URL: 'https://admin:s3cret@catalogue.example.com' })).toThrow(
      /^Configuration error: CATALOGUE_PUBLIC_URL must be [^(]*\.$/,
    )
  })

  it.each([
    ['https://Catalogue.Example.com:443/', 'https://catalogue.example.com'],
    ['http:catalogue.example.com', 'http://catalogue.example.com'],
    ['https://example.com/my catalogue/', 'https://example.com/my%20catalogue'],
    ['https://example.com\\api', 'https://example.com/api'],
  ])('writes the public address %j as a URL parser reads it: %j', (address, base) => {
    expect(readConfig({ CATALOGUE_PUBLIC_URL: address }).publicUrl).toBe(base)
  })

  it('refuses a key shorter than 16 characters, saying so without repeating it', () => {
    expect(() => readConfig({ CATALOGUE_API_KEYS: 'long-enough-key-1234,x' })).toThrow(
      /^Configuration error: CATALOGUE_API_KEYS: every key must be at least 16 characters long, so it cannot be guessed\.$/,
    )
    expect(readConfig({ CATALOGUE_API_KEYS: '0123456789abcdef' }).apiKeys).toEqual(['0123456789abcdef'])
  })

  it('refuses malformed keys without repeating them', () => {
    let message = ''
    try {
      readConfig({ CATALOGUE_API_KEYS: 'good,,secret value' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/^Configuration error: CATALOGUE_API_KEYS must be keys separated by commas/)
    expect(message).not.toContain('secret')
  })
})

describe('start-up warnings', () => {
  it('warns that addresses follow Host without a public URL, and about a public bind without trusted proxy', () => {
    const warnings = startWarnings(readConfig({ HOST: '0.0.0.0' }))
    expect(warnings).toEqual([
      expect.stringMatching(
        /^CATALOGUE_PUBLIC_URL is not set: the addresses in answers follow each request’s Host/,
      ),
      expect.stringMatching(/^Listening on 0\.0\.0\.0 without CATALOGUE_TRUST_PROXY/),
    ])
    expect(
      startWarnings(
        readConfig({
          HOST: '0.0.0.0',
          CATALOGUE_PUBLIC_URL: 'https://c.example',
          CATALOGUE_TRUST_PROXY: '10.0.0.1',
        }),
      ),
    ).toEqual([])
    expect(startWarnings(readConfig({ CATALOGUE_PUBLIC_URL: 'https://c.example' }))).toEqual([])
  })

  it('refuses a trust-proxy value that is not an address list', () => {
    expect(() => readConfig({ CATALOGUE_TRUST_PROXY: 'not an address' })).toThrow(
      /CATALOGUE_TRUST_PROXY must be/,
    )
  })
})
