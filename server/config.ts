import { join } from 'node:path'
import proxyAddr from '@fastify/proxy-addr'
import { z } from 'zod'
import { wholeNumberVariable } from './environment'

export const DEMO_KEY = 'catalogue-demo-key'
/** Requests per second per key when CATALOGUE_RATE_LIMIT is not set. */
export const DEFAULT_RATE_LIMIT = 50
/** First views one client address may have rendered a second (in pages of records) when CATALOGUE_RENDER_RATE is not set. */
export const DEFAULT_RENDER_RATE = 5
export const DEFAULT_DATASET_PATH = join(import.meta.dirname, 'data', 'catalogue.json')
export const DATA_MAX_MB_VARIABLE = 'CATALOGUE_DATA_MAX_MB'
/**
 * The largest dataset file read, in MB, when CATALOGUE_DATA_MAX_MB is not set: six times the 100,000-location
 * benchmark dataset. Parsing takes a few times the file's size in memory for a moment (docs/api.md, Datasets).
 */
export const DEFAULT_DATA_MAX_MB = 128
/** The file is read as one string, and V8's strings end just short of 2^29 characters. */
const MOST_DATA_MAX_MB = 511
const MB = 1024 * 1024

/** Settings read from the environment at start-up (contract section 8). */
export interface Config {
  port: number
  host: string
  /** The accepted keys; empty means demo mode (only the demo key is accepted). */
  apiKeys: string[]
  dataPath: string
  /** The largest dataset file read (bytes), checked before reading. */
  dataMaxBytes: number
  /** Public base without a trailing slash, or null to take scheme and Host from each request. */
  publicUrl: string | null
  /** Requests per second per key; 0 turns limiting off. */
  rateLimit: number
  /** Proxies whose X-Forwarded-* headers are believed (Fastify's `trustProxy`), or null for none. */
  trustProxy: boolean | number | string | null
  /** One JSON object a line, or lines for people. */
  logFormat: 'json' | 'pretty'
  /** Seconds to keep serving after SIGTERM while readiness says 503. */
  drainSeconds: number
  /** Open connections at most. */
  maxConnections: number
  /** Open connections at most from one client address (IPv6: one /64). */
  maxConnectionsPerAddress: number
  /** Whether a navigation to a list or record page gets its first view rendered by the service. */
  firstView: boolean
  /** Whether the list endpoints answer views (contract §12: sort, facets, ranges; CATALOGUE_VIEWS). */
  views: boolean
  /** First views one client address may have rendered a second, in pages of records; 0 turns the allowance off. */
  renderRate: number
}

export const DEFAULT_MAX_CONNECTIONS = 10_000
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 100

/** A bad environment value; the message names the variable and what is allowed, never a key. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const dataMaxMb = wholeNumberVariable(DATA_MAX_MB_VARIABLE, {
  min: 1,
  max: MOST_DATA_MAX_MB,
  fallback: DEFAULT_DATA_MAX_MB,
})

const KEY_PATTERN = /^[\x21-\x2b\x2d-\x7e]+$/
/** Shorter keys can be guessed; the contract asks for at least this many characters. */
export const MIN_KEY_LENGTH = 16

const EnvironmentSchema = z.object({
  PORT: wholeNumberVariable('PORT', { min: 0, max: 65535, fallback: 8080 }),
  HOST: z
    .string()
    .trim()
    .min(1, 'HOST must be an address to bind, such as 127.0.0.1 or 0.0.0.0')
    .default('127.0.0.1'),
  CATALOGUE_API_KEYS: z
    .string()
    .optional()
    .transform((text) =>
      text === undefined || text.trim() === '' ? [] : text.split(',').map((key) => key.trim()),
    )
    .refine(
      (keys) => keys.every((key) => KEY_PATTERN.test(key)),
      'CATALOGUE_API_KEYS must be keys separated by commas; each key is one or more visible ASCII characters, without spaces or commas, and no item may be empty',
    )
    .refine(
      (keys) => keys.every((key) => key.length >= MIN_KEY_LENGTH),
      `CATALOGUE_API_KEYS: every key must be at least ${MIN_KEY_LENGTH} characters long, so it cannot be guessed`,
    ),
  CATALOGUE_DATA: z
    .string()
    .trim()
    .min(1, 'CATALOGUE_DATA must be the path of a dataset file')
    .default(DEFAULT_DATASET_PATH),
  [DATA_MAX_MB_VARIABLE]: dataMaxMb,
  CATALOGUE_PUBLIC_URL: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return null
      const base = normalisePublicBase(text.trim())
      if (base === null) {
        context.addIssue({
          code: 'custom',
          message:
            'CATALOGUE_PUBLIC_URL must be an absolute http or https address without credentials, query or fragment, such as https://catalogue.example.com',
        })
        return z.NEVER
      }
      return base
    }),
  CATALOGUE_RATE_LIMIT: wholeNumberVariable('CATALOGUE_RATE_LIMIT', {
    min: 0,
    max: 1_000_000,
    fallback: DEFAULT_RATE_LIMIT,
  }),
  CATALOGUE_TRUST_PROXY: z
    .string()
    .optional()
    .transform((text, context) => {
      const value = text?.trim() ?? ''
      if (value === '' || value === 'false') return null
      if (value === 'true') return true
      if (/^[0-9]+$/.test(value)) return Number(value)
      try {
        proxyAddr.compile(value.split(',').map((item) => item.trim()))
        return value
      } catch {
        context.addIssue({
          code: 'custom',
          message:
            'CATALOGUE_TRUST_PROXY must be true, a number of proxy hops, or proxy addresses and CIDR ranges separated by commas (such as 10.0.0.0/8,127.0.0.1)',
        })
        return z.NEVER
      }
    }),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'LOG_FORMAT must be json or pretty' }).optional(),
  CATALOGUE_DRAIN_SECONDS: wholeNumberVariable('CATALOGUE_DRAIN_SECONDS', { min: 0, max: 3600, fallback: 0 }),
  CATALOGUE_MAX_CONNECTIONS: wholeNumberVariable('CATALOGUE_MAX_CONNECTIONS', {
    min: 1,
    max: 1_000_000,
    fallback: DEFAULT_MAX_CONNECTIONS,
  }),
  CATALOGUE_MAX_CONNECTIONS_PER_ADDRESS: wholeNumberVariable('CATALOGUE_MAX_CONNECTIONS_PER_ADDRESS', {
    min: 1,
    max: 1_000_000,
    fallback: DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  }),
  CATALOGUE_FIRST_VIEW: z
    .enum(['on', 'off'], { error: 'CATALOGUE_FIRST_VIEW must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  CATALOGUE_VIEWS: z
    .enum(['on', 'off'], { error: 'CATALOGUE_VIEWS must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  CATALOGUE_RENDER_RATE: wholeNumberVariable('CATALOGUE_RENDER_RATE', {
    min: 0,
    max: 1_000_000,
    fallback: DEFAULT_RENDER_RATE,
  }),
})

/**
 * The public base as the URL parser reads it (what every client will read from the addresses too), without a
 * trailing slash; null when it cannot be one: not http(s), credentials that would be copied into every answer,
 * or a query or fragment (even an empty `?` or `#`).
 */
function normalisePublicBase(text: string): string | null {
  if (/[?#]/.test(text) || !URL.canParse(text)) return null
  const url = new URL(text)
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/**
 * The dataset size limit alone, for the tools that write dataset files (the generator, the snapshot), which
 * need none of the service's other settings; a bad value throws ConfigError as readConfig does.
 */
export function readDatasetLimit(environment: NodeJS.ProcessEnv = process.env): {
  megabytes: number
  bytes: number
} {
  const result = dataMaxMb.safeParse(environment[DATA_MAX_MB_VARIABLE])
  if (!result.success) {
    throw new ConfigError(
      `Configuration error: ${result.error.issues[0]?.message} (got ${JSON.stringify(environment[DATA_MAX_MB_VARIABLE])}).`,
    )
  }
  return { megabytes: result.data, bytes: result.data * MB }
}

/** Reads the configuration; throws ConfigError with one sentence on the first bad variable. */
export function readConfig(
  environment: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal = process.stdout.isTTY === true,
): Config {
  const result = EnvironmentSchema.safeParse(environment)
  if (!result.success) {
    const issue = result.error.issues[0]
    const variable = String(issue?.path[0] ?? '')
    // Keys, and an address that carries credentials, are never repeated in a message.
    const value = environment[variable] ?? ''
    const secret =
      variable === 'CATALOGUE_API_KEYS' || (variable === 'CATALOGUE_PUBLIC_URL' && value.includes('@'))
    const got = secret ? '' : ` (got ${JSON.stringify(value)})`
    throw new ConfigError(`Configuration error: ${issue?.message ?? 'invalid value'}${got}.`)
  }
  const env = result.data
  return {
    port: env.PORT,
    host: env.HOST,
    apiKeys: env.CATALOGUE_API_KEYS,
    dataPath: env.CATALOGUE_DATA,
    dataMaxBytes: env[DATA_MAX_MB_VARIABLE] * MB,
    publicUrl: env.CATALOGUE_PUBLIC_URL,
    rateLimit: env.CATALOGUE_RATE_LIMIT,
    trustProxy: env.CATALOGUE_TRUST_PROXY,
    logFormat: env.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
    drainSeconds: env.CATALOGUE_DRAIN_SECONDS,
    maxConnections: env.CATALOGUE_MAX_CONNECTIONS,
    maxConnectionsPerAddress: env.CATALOGUE_MAX_CONNECTIONS_PER_ADDRESS,
    firstView: env.CATALOGUE_FIRST_VIEW,
    views: env.CATALOGUE_VIEWS,
    renderRate: env.CATALOGUE_RENDER_RATE,
  }
}
