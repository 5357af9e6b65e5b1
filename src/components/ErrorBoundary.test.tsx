// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/errors'
import { ErrorBoundary } from './ErrorBoundary'

let broken = true
function Page() {
  if (broken) throw new ApiError('invalidResponse')
  return <p>Page content</p>
}

afterEach(cleanup)

describe('the page error boundary', () => {
  it('keeps a failing page to itself, says why, and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // React reports caught errors; keep the run quiet
    render(
      <>
        <nav aria-label="Main">navigation</nav>
        <ErrorBoundary resetKey="/locations">
          <Page />
        </ErrorBoundary>
      </>,
    )
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toMatch(/unexpected format/)
    broken = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(screen.getByText('Page content')).toBeTruthy()
    vi.restoreAllMocks()
  })
})
