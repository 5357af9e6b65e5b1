import { useEffect, useState } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { isApiError, rateLimitMessage } from '../../api/errors'
import { useLatest } from '../../lib/page/use-latest'
import { settingsPath } from './settings-redirect'
import './states.css'

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
  const location = useLocation()
  if (isApiError(error) && error.kind === 'unauthorized') {
    return <Navigate to={settingsPath(`${location.pathname}${location.search}`, true)} replace />
  }
  if (isApiError(error) && error.kind === 'rateLimited') {
    return <RateLimited error={error} seconds={error.retryAfter ?? 1} onRetry={onRetry} />
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

function RateLimited({ error, seconds, onRetry }: { error: unknown; seconds: number; onRetry: () => void }) {
  // One countdown per failure: a new 429 starts again from its own Retry-After; each asks again once.
  const [countdown, setCountdown] = useState({ error, left: seconds })
  if (countdown.error !== error) setCountdown({ error, left: seconds })
  const left = countdown.error === error ? countdown.left : seconds
  const retry = useLatest(onRetry)
  useEffect(() => {
    if (left < 0) return
    if (left === 0) {
      setCountdown((current) => ({ ...current, left: -1 }))
      retry.current()
      return
    }
    const timer = setTimeout(() => setCountdown((current) => ({ ...current, left: current.left - 1 })), 1000)
    return () => clearTimeout(timer)
  }, [left, retry])
  return (
    <div className="state state-error" role="alert">
      <p>{rateLimitMessage(Math.max(left, 0))}</p>
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
      {rateLimitMessage(failureReason.retryAfter ?? 1)}
    </p>
  )
}
