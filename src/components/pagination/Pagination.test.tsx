// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Pagination } from './Pagination'

afterEach(cleanup)

const hrefOf = (page: number) => `?page=${page}`

/** Renders inside a router at `/locations` (the page links are router links). */
function renderAt(element: ReactNode, search = '') {
  const router = createMemoryRouter([{ path: '/locations', element }], {
    initialEntries: [`/locations${search}`],
  })
  render(<RouterProvider router={router} />)
  return router
}

/** The pager as a list uses it: the page in the address is the page it shows. */
function FromUrl({ pages }: { pages: number }) {
  const [params] = useSearchParams()
  return (
    <Pagination
      page={Number(params.get('page') ?? '1')}
      pages={pages}
      hrefOf={hrefOf}
      onFollow={vi.fn()}
      onPage={vi.fn()}
    />
  )
}

describe('pagination', () => {
  it('links every page, marks the current one and disables the way past either end', () => {
    renderAt(<Pagination page={1} pages={7} hrefOf={hrefOf} onFollow={vi.fn()} onPage={vi.fn()} />)
    const current = screen.getByRole('link', { name: 'Page 1' })
    expect(current.getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/locations?page=3')
    expect(screen.getByRole('link', { name: 'First page' }).getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByRole('link', { name: 'Previous page' }).hasAttribute('href')).toBe(false)
    expect(screen.getByRole('link', { name: 'Last page' }).getAttribute('href')).toBe('/locations?page=7')
  })

  it('writes the page numbers as it writes the total: 5,000 beside "of 5,000"', () => {
    renderAt(<Pagination page={5000} pages={5000} hrefOf={hrefOf} onFollow={vi.fn()} onPage={vi.fn()} />)
    expect(screen.getByRole('link', { name: 'Page 5000' }).textContent).toBe((5000).toLocaleString())
    expect(screen.getByText(`of ${(5000).toLocaleString()}`)).toBeTruthy()
  })

  it('follows a page link in place, and asks for the page typed in the jump field', async () => {
    const onPage = vi.fn()
    const router = renderAt(
      <Pagination page={2500} pages={5000} hrefOf={hrefOf} onFollow={vi.fn()} onPage={onPage} />,
      '?page=2500',
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('link', { name: 'Next page' }))
    expect(router.state.location.search).toBe('?page=2501')
    await user.type(screen.getByRole('textbox', { name: 'Go to page' }), '4321')
    await user.click(screen.getByRole('button', { name: 'Go' }))
    expect(onPage.mock.calls).toEqual([[4321]])
  })

  it.each(['-2', 'abc', ''])(
    'refuses %j in the jump field, keeps it, and says what it accepts',
    async (typed) => {
      const onPage = vi.fn()
      renderAt(<Pagination page={1} pages={7} hrefOf={hrefOf} onFollow={vi.fn()} onPage={onPage} />)
      const user = userEvent.setup()
      const field = screen.getByRole('textbox', { name: 'Go to page' })
      if (typed) await user.type(field, typed)
      await user.click(screen.getByRole('button', { name: 'Go' }))
      expect(onPage).not.toHaveBeenCalled()
      expect(field).toHaveProperty('value', typed)
      expect(field.getAttribute('aria-invalid')).toBe('true')
      const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '')
      expect(hint?.textContent).toBe('Enter a whole number from 1 to 7.')
      expect(hint?.getAttribute('role')).toBe('status')
      // Typing again clears the complaint.
      await user.type(field, '3')
      expect(field.hasAttribute('aria-invalid')).toBe(false)
    },
  )

  it('keeps focus in the pager when the link used is disabled by the move', async () => {
    renderAt(<FromUrl pages={7} />)
    await userEvent.setup().click(screen.getByRole('link', { name: 'Last page' }))
    expect(screen.getByRole('link', { name: 'Last page' }).getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Page 7' }))
  })

  it('shows nothing for a single page', () => {
    renderAt(<Pagination page={1} pages={1} hrefOf={hrefOf} onFollow={vi.fn()} onPage={vi.fn()} />)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
  })
})
