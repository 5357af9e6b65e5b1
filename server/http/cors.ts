import type { FastifyCorsOptions } from '@fastify/cors'
import { CATALOGUE_VERSION_HEADER } from '../../src/catalogue'
import { STREAM_RECORDS_HEADER } from '../../src/catalogue/views/stream'
import { ALLOWED_METHODS } from './errors'

/** CORS for any origin: the options of @fastify/cors, and the headers it puts on every answer. */
export const CORS_OPTIONS = {
  origin: '*',
  methods: [...ALLOWED_METHODS],
  allowedHeaders: ['Authorization', 'If-None-Match', 'If-Match'],
  exposedHeaders: [
    'ETag',
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'Retry-After',
    STREAM_RECORDS_HEADER,
    CATALOGUE_VERSION_HEADER,
  ],
  maxAge: 600,
  // An OPTIONS request without Origin is still answered as a preflight (204), not refused.
  strictPreflight: false,
} satisfies FastifyCorsOptions

export const CORS_ANSWER_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': CORS_OPTIONS.exposedHeaders.join(', '),
}
