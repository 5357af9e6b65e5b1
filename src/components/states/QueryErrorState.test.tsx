// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/errors'
import { QueryErrorState } from './QueryErrorState'

function renderError(error: unknown, onRetry = vi.fn(), at = '/locations') {
  const router = createMemoryRouter(
    [
      { path: '/locations', element: <QueryErrorState error={error} onRetry={onRetry} retrying={false} /> },
      { path: '/settings', element: <p>Settings page</p> },
    ],
    { initialEntries: [at] },
  )
  render(<RouterProvider router={router} />)
  return { router, onRetry }
}

afterEach(cleanup)

describe('a failed request', () => {
  it('says what happened and retries when asked', async () => {
    const { onRetry } = renderError(new ApiError('server', { status: 500 }))
    expect(screen.getByRole('alert').textContent).toContain('The catalogue service had a problem (500).')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('reports a schema mismatch as an unexpected format', () => {
    renderError(new ApiError('invalidResponse'))
    expect(screen.getByRole('alert').textContent).toMatch(/unexpected format/)
  })

  it('sends a refused key to the settings, saying why and where to come back to', () => {
    const at = '/locations?name=earth&page=2'
    const { router } = renderError(new ApiError('unauthorized', { status: 401 }), vi.fn(), at)
    expect(router.state.location.pathname).toBe('/settings')
    const search = new URLSearchParams(router.state.location.search)
    expect(search.get('from')).toBe(at)
    expect(search.get('refused')).toBe('1')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('counts down a rate limit, then asks again once', () => {
    vi.useFakeTimers()
    try {
      const { onRetry } = renderError(new ApiError('rateLimited', { retryAfter: 2 }))
      expect(screen.getByRole('alert').textContent).toContain('Too many requests. Trying again in 2 seconds.')
      act(() => vi.advanceTimersByTime(1000))
      expect(screen.getByRole('alert').textContent).toContain('Trying again in 1 second.')
      act(() => vi.advanceTimersByTime(1000))
      expect(onRetry).toHaveBeenCalledOnce()
      act(() => vi.advanceTimersByTime(5000))
      expect(onRetry).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })
})
