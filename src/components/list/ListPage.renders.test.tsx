// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeLocationsService, renderApp } from '../../app/render-app.fixture'
import { locations } from '../../catalogue'
import { collectionQueries } from '../../lib/page/collection-queries'
import { ListPage } from './ListPage'

/** Every render of a link, by its address: a row renders its record's link each time it renders. */
const linkRenders = vi.hoisted(() => [] as string[])
vi.mock('react-router-dom', async (original) => {
  const router = await original<typeof import('react-router-dom')>()
  const Link = (props: Parameters<typeof router.Link>[0]) => {
    linkRenders.push(String(props.to))
    return createElement(router.Link, props)
  }
  return { ...router, Link }
})

const service = fakeLocationsService

function renderAt(address: string, fetchImpl: typeof fetch) {
  const config = { collection: locations, queries: collectionQueries(locations) }
  renderApp([{ path: '/locations', element: <ListPage config={config} /> }], address, { fetch: fetchImpl })
}

const recordLinks = () => linkRenders.filter((to) => /^\/locations\/\d+$/.test(to))
const recordPaths = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `/locations/${from + index}`)

afterEach(cleanup)

const BUSY_MS = 15_000

describe('a list changing its page', { timeout: 30_000 }, () => {
  it('renders its rows once: the new page’s, not the previous page’s again while it is on its way', async () => {
    const { asked, fetchFake } = service()
    renderAt('/locations', fetchFake)
    // Waits of a busy machine's length: the library's 1 s default is a speed, not a behaviour.
    await screen.findByRole('link', { name: 'Place 1' }, { timeout: BUSY_MS })
    // Page 2 is fetched ahead once page 1 is shown.
    await vi.waitFor(() => expect(asked).toContain('/v1/locations?page=2'), { timeout: BUSY_MS })
    linkRenders.length = 0

    const pagination = screen.getAllByRole('navigation', { name: 'Pagination' })[0]
    if (!pagination) throw new Error('The list has no pagination.')
    // Page 3 was not fetched ahead: page 1's rows stay on screen, marked as previous, until it has arrived.
    // A reader clicks a moment after the page is shown, as a busy machine does. Outside act, a click then left
    // the navigation's effects (the new page's query) in act's queue: page 3 was never asked.
    await new Promise((resolve) => setTimeout(resolve, 200))
    await act(() => userEvent.click(within(pagination).getByRole('link', { name: 'Page 3' })))
    await screen.findByRole('link', { name: 'Place 41' }, { timeout: BUSY_MS })

    expect(recordLinks()).toEqual(recordPaths(41, 45))
  })
})
