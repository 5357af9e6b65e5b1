import { z } from 'zod'
import { ConfigError } from '../config'
import { wholeNumberVariable } from '../environment'
import { REDIS_TIMEOUT_MS } from './redis-rate-limit'

/** The operations settings of contract §10 that this module owns, read at start-up. */
export interface OperationsConfig {
  /** Port of the metrics listener (bound to HOST); null: no metrics listener. */
  metricsPort: number | null
  /** The Redis server holding the shared rate-limit state; null: in-process state. */
  redisUrl: string | null
  /** Longest a request waits for Redis before in-process buckets answer it (ms). */
  redisTimeout: number
}

const OperationsEnvironment = z.object({
  CATALOGUE_REDIS_TIMEOUT_MS: wholeNumberVariable('CATALOGUE_REDIS_TIMEOUT_MS', {
    min: 1,
    max: 60_000,
    fallback: REDIS_TIMEOUT_MS,
    unit: 'milliseconds',
  }),
  METRICS_PORT: wholeNumberVariable('METRICS_PORT', { min: 0, max: 65535, fallback: null }),
  CATALOGUE_REDIS_URL: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return null
      const value = text.trim()
      if (!URL.canParse(value) || !['redis:', 'rediss:'].includes(new URL(value).protocol)) {
        context.addIssue({
          code: 'custom',
          message:
            'CATALOGUE_REDIS_URL must be a redis:// or rediss:// address, such as redis://127.0.0.1:6379',
        })
        return z.NEVER
      }
      return value
    }),
})

/** Reads the operations settings; throws ConfigError with one sentence on a bad one (never repeating a password). */
export function readOperationsConfig(environment: NodeJS.ProcessEnv = process.env): OperationsConfig {
  const result = OperationsEnvironment.safeParse(environment)
  if (!result.success) {
    const issue = result.error.issues[0]
    const variable = String(issue?.path[0] ?? '')
    const value = environment[variable] ?? ''
    const got = variable === 'CATALOGUE_REDIS_URL' ? '' : ` (got ${JSON.stringify(value)})`
    throw new ConfigError(`Configuration error: ${issue?.message ?? 'invalid value'}${got}.`)
  }
  return {
    metricsPort: result.data.METRICS_PORT,
    redisUrl: result.data.CATALOGUE_REDIS_URL,
    redisTimeout: result.data.CATALOGUE_REDIS_TIMEOUT_MS,
  }
}

/** The Redis address as it may be shown: without its password. */
export function redactedRedisUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}
