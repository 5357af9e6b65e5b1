// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { locations as LOCATIONS } from '../../catalogue'
import { FilterForm } from './FilterForm'
import { useListUrl } from './use-list-url'

/** The filter form wired to the URL the way the list page wires it. */
function Filters() {
  const { asked, askedKey, askedFrom, write } = useListUrl(LOCATIONS)
  const firstField = useRef<HTMLInputElement>(null)
  return (
    <FilterForm
      label="Filter locations"
      fields={[
        { name: 'name', label: 'Name' },
        { name: 'type', label: 'Type' },
        { name: 'dimension', label: 'Dimension' },
      ]}
      fromUrl={asked.filters}
      urlKey={askedKey}
      urlFrom={askedFrom}
      onWrite={(filters, how) => write({ filters, page: 1 }, how)}
      firstFieldRef={firstField}
    />
  )
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/locations', element: <Filters /> }], { initialEntries: [url] })
  render(<RouterProvider router={router} />)
  return { router, search: () => router.state.location.search }
}

afterEach(cleanup)

describe('filter form and URL', () => {
  it('fills the fields from the URL', () => {
    renderAt('/locations?name=earth&dimension=C-137&page=2')
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveProperty('value', 'earth')
    expect(screen.getByRole('searchbox', { name: 'Dimension' })).toHaveProperty('value', 'C-137')
  })

  it('writes typing to the URL once it pauses, back to page 1, in one history entry', async () => {
    const { router, search } = renderAt('/locations?page=3')
    // Keys with no pause between them (a busy machine's pauses would be typing's), then the pause, however long.
    const user = userEvent.setup({ delay: null })
    const paused = { timeout: 10_000 }
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'moon')
    expect(search()).toBe('?page=3') // not yet: typing has not paused
    await waitFor(() => expect(search()).toBe('?name=moon'), paused)
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 's')
    await waitFor(() => expect(search()).toBe('?name=moons'), paused)

    // One entry for the whole burst: back returns to the view before typing, and the field follows.
    await act(() => router.navigate(-1))
    expect(search()).toBe('?page=3')
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveProperty('value', '')
  })

  it('commits at once on Enter; Clear filters empties the URL and the fields and leaves focus on the first', async () => {
    const { search } = renderAt('/locations')
    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'Type' }), 'planet{Enter}')
    expect(search()).toBe('?type=planet')
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(search()).toBe('')
    expect(screen.getByRole('searchbox', { name: 'Type' })).toHaveProperty('value', '')
    // The button just used is disabled now; focus must not fall back to the top of the page.
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Name' }))
  })
})
