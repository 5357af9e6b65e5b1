// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { SavedViewsMenu } from './SavedViewsMenu'
import { SAVED_VIEWS_KEY } from './saved-views-store'

function List() {
  const location = useLocation()
  return (
    <>
      <p>Address: {`${location.pathname}${location.search}`}</p>
      <SavedViewsMenu listPath="/locations" search={location.search} plural="locations" />
    </>
  )
}

function renderAt(address: string) {
  const router = createMemoryRouter([{ path: '/locations', element: <List /> }], {
    initialEntries: [address],
  })
  render(<RouterProvider router={router} />)
  return router
}

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const views = () => screen.getByRole('button', { name: 'Views' })

describe('SavedViewsMenu', () => {
  it('saves the current view without its page, lists it as a link to it, and deletes it', async () => {
    const user = userEvent.setup()
    renderAt('/locations?type=planet&_sort=name&page=3')
    expect(views().getAttribute('aria-expanded')).toBe('false')
    await user.click(views())
    expect(views().getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText(/None yet/)).toBeTruthy()

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Planets by name')
    await user.click(screen.getByRole('button', { name: 'Save view' }))
    expect(screen.getByRole('status').textContent).toBe('View “Planets by name” saved.')
    const link = screen.getByRole('link', { name: 'Planets by name' })
    expect(link.getAttribute('href')).toBe('/locations?type=planet&_sort=name')

    await user.click(screen.getByRole('button', { name: 'Delete view Planets by name' }))
    expect(screen.queryByRole('link', { name: 'Planets by name' })).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('View “Planets by name” deleted.')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }))
  })

  it('says that saving an existing name replaces it, and replaces it', async () => {
    const user = userEvent.setup()
    const router = renderAt('/locations?type=planet')
    await user.click(views())
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mine')
    await user.click(screen.getByRole('button', { name: 'Save view' }))
    await act(() => router.navigate('/locations?type=moon'))
    await user.click(views())
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mine')
    expect(screen.getByText('A view is named “Mine”: saving replaces it.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save view' }))
    expect(screen.getByRole('status').textContent).toBe('View “Mine” replaced by this view.')
    expect(screen.getAllByRole('link', { name: 'Mine' })).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Mine' }).getAttribute('href')).toBe('/locations?type=moon')
  })

  it('asks for a name rather than saving a view without one', async () => {
    const user = userEvent.setup()
    renderAt('/locations')
    await user.click(views())
    await user.click(screen.getByRole('button', { name: 'Save view' }))
    expect(screen.getByRole('status').textContent).toBe('Give the view a name.')
    expect(localStorage.getItem(SAVED_VIEWS_KEY)).toBeNull()
  })

  it('closes on Escape with focus back on its button, and when a view is opened', async () => {
    const user = userEvent.setup()
    localStorage.setItem(
      SAVED_VIEWS_KEY,
      JSON.stringify({
        version: 1,
        views: [{ listPath: '/locations', name: 'Moons', search: '?type=moon', savedAt: 1 }],
      }),
    )
    renderAt('/locations')
    await user.click(views())
    await user.click(screen.getByRole('textbox', { name: 'Name' }))
    await user.keyboard('{Escape}')
    expect(views().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(views())

    await user.click(views())
    await user.click(screen.getByRole('link', { name: 'Moons' }))
    expect(screen.getByText('Address: /locations?type=moon')).toBeTruthy()
    expect(views().getAttribute('aria-expanded')).toBe('false')
  })

  it('shows a view saved in another tab', async () => {
    const user = userEvent.setup()
    renderAt('/locations')
    await user.click(views())
    act(() => {
      localStorage.setItem(
        SAVED_VIEWS_KEY,
        JSON.stringify({
          version: 1,
          views: [{ listPath: '/locations', name: 'Elsewhere', search: '', savedAt: 1 }],
        }),
      )
      window.dispatchEvent(new StorageEvent('storage', { key: SAVED_VIEWS_KEY }))
    })
    expect(screen.getByRole('link', { name: 'Elsewhere' }).getAttribute('href')).toBe('/locations')
  })
})
