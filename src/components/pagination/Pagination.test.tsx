// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Pagination } from './Pagination'

afterEach(cleanup)

/** The pager as a list uses it: the page it asks for becomes the page it shows. */
function Stateful() {
  const [page, setPage] = useState(1)
  return <Pagination page={page} pages={7} onPage={setPage} />
}

describe('pagination', () => {
  it('marks the current page and disables the way past either end', () => {
    render(<Pagination page={1} pages={7} onPage={vi.fn()} />)
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('button', { name: 'First page' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Last page' })).toHaveProperty('disabled', false)
  })

  it('asks for the page chosen by button or by the jump field', async () => {
    const onPage = vi.fn()
    render(<Pagination page={2500} pages={5000} onPage={onPage} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await user.click(screen.getByRole('button', { name: 'Last page' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Go to page' }), '4321')
    await user.click(screen.getByRole('button', { name: 'Go' }))
    expect(onPage.mock.calls).toEqual([[2501], [5000], [4321]])
  })

  it('keeps focus in the pager when the button used is disabled by the move', async () => {
    render(<Stateful />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Last page' }))
    expect(screen.getByRole('button', { name: 'Last page' })).toHaveProperty('disabled', true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Page 7' }))
  })

  it('shows nothing for a single page', () => {
    render(<Pagination page={1} pages={1} onPage={vi.fn()} />)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
  })
})
