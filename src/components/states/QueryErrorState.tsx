import { useEffect, useState } from 'react'
import { Navigate } from 'react-router-dom'
import { isApiError } from '../../api/errors'
import './states.css'

export type UnauthorizedState = { unauthorized: true }

type Props = {
  error: unknown
  /** Asks again (React Query's `refetch`). */
  onRetry: () => void
  retrying: boolean
}

/**
 * What a failed request looks like: a rejected key leads to the settings; a rate limit counts down and asks
 * again by itself; anything else says what happened and offers a retry that really asks the service again.
 */
export function QueryErrorState({ error, onRetry, retrying }: Props) {
  if (isApiError(error) && error.kind === 'unauthorized') {
    const state: UnauthorizedState = { unauthorized: true }
    return <Navigate to="/settings" replace state={state} />
  }
  if (isApiError(error) && error.kind === 'rateLimited') {
    return <RateLimited seconds={error.retryAfter ?? 1} onRetry={onRetry} />
  }
  const message = isApiError(error) ? error.message : 'Something went wrong while loading this page.'
  return (
    <div className="state state-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  )
}

function RateLimited({ seconds, onRetry }: { seconds: number; onRetry: () => void }) {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    if (left <= 0) {
      onRetry()
      return
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000)
    return () => clearTimeout(timer)
  }, [left, onRetry])
  return (
    <div className="state state-error" role="alert">
      <p>Too many requests. Trying again in {Math.max(left, 0)} seconds.</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry now
      </button>
    </div>
  )
}

/** While React Query waits to ask again after a rate limit, says so (the page keeps what it shows). */
export function RetryNotice({ failureReason }: { failureReason: unknown }) {
  if (!isApiError(failureReason) || failureReason.kind !== 'rateLimited') return null
  return (
    <p className="retry-notice" role="status">
      Too many requests. Trying again in {failureReason.retryAfter ?? 1} seconds.
    </p>
  )
}
