import { isApiError } from './errors'

/** Attempts after the first one, for failures that can go away by themselves. */
export const MAX_RETRIES = 2
const BASE_DELAY_MS = 300
const MAX_DELAY_MS = 2000

/** React Query `retry`: never for 4xx (asking again gives the same answer), except 429; bounded otherwise. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.kind === 'rateLimited' || error.kind === 'server' || error.kind === 'network') {
    return failureCount < MAX_RETRIES
  }
  return false
}

/** React Query `retryDelay`: what `Retry-After` asks for, otherwise a short exponential backoff. */
export function retryDelay(attempt: number, error: unknown): number {
  if (isApiError(error) && error.kind === 'rateLimited') return (error.retryAfter ?? 1) * 1000
  return Math.min(BASE_DELAY_MS * 2 ** attempt, MAX_DELAY_MS)
}
