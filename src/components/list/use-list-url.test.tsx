// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, expect, it } from 'vitest'
import { locations as LOCATIONS } from '../../catalogue'
import { useListUrl } from './use-list-url'

/** A Next button as the pager wires it: the page it asks for is the one after the page the URL shows. */
function Pager() {
  const { state, write } = useListUrl(LOCATIONS.filters)
  return (
    <button type="button" onClick={() => write({ ...state, page: state.page + 1 }, 'commit')}>
      Next (now {state.page})
    </button>
  )
}

afterEach(cleanup)

it('a double-click asks for the next page once: one history entry, so Back returns to where it started', async () => {
  const router = createMemoryRouter([{ path: '/locations', element: <Pager /> }], {
    initialEntries: ['/locations?name=a'],
  })
  render(<RouterProvider router={router} />)
  // Both clicks land before React renders the first navigation, as a double-click in a browser does.
  const next = screen.getByRole('button')
  act(() => {
    next.click()
    next.click()
  })
  expect(router.state.location.search).toBe('?name=a&page=2')
  await act(() => router.navigate(-1))
  expect(router.state.location.search).toBe('?name=a')
})

it('after Back, the same page can be asked for again', async () => {
  const router = createMemoryRouter([{ path: '/locations', element: <Pager /> }], {
    initialEntries: ['/locations?name=a'],
  })
  render(<RouterProvider router={router} />)
  act(() => screen.getByRole('button').click())
  expect(router.state.location.search).toBe('?name=a&page=2')
  await act(() => router.navigate(-1))
  expect(router.state.location.search).toBe('?name=a')
  act(() => screen.getByRole('button').click())
  expect(router.state.location.search).toBe('?name=a&page=2')
})
