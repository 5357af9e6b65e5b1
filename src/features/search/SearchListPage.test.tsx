// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../app/render-app.fixture'
import type { SearchListAnswer } from '../../catalogue-index/hooks/use-search-list'
import type { SearchListPage as Page } from '../../catalogue-index/protocol/search-list'
import SearchListPage from './SearchListPage'

const row = (id: number, name: string) => ({
  key: `locations/${id}`,
  collection: 'locations',
  name,
  detail: 'Planet',
  path: `/locations/${id}`,
  recordId: id,
  rank: id,
  collectionTitle: 'Locations',
})

let page: Page
vi.mock('../../catalogue-index/hooks/use-search-list', () => ({
  useSearchList: (): SearchListAnswer => ({
    support: true,
    supported: true,
    complete: true,
    kept: false,
    status: {
      collections: [],
      complete: true,
      updatedAt: Date.UTC(2026, 10, 20),
      building: false,
      catalogueVersion: null,
    },
    stale: false,
    progress: null,
    build: () => undefined,
    data: page,
    previous: false,
    fetching: false,
    error: null,
    retry: () => undefined,
  }),
  // The index is complete here: the service is never asked.
  useServiceSearchList: () => ({ data: undefined, isPlaceholderData: false, isFetching: false, error: null }),
}))

afterEach(cleanup)

function open(path: string) {
  renderApp([{ path: '/search', element: <SearchListPage /> }], path, {
    fetch: () => Promise.reject(new Error('no service in this test')),
  })
}

describe('/search while the search index loads', () => {
  it('lists the names found so far and says that the whole search is on its way, not that the index is incomplete', () => {
    page = {
      info: { count: 2, pages: 1 },
      results: [row(1, 'Planet Nine'), row(2, 'Planet Zero')],
      facets: [
        {
          name: 'collection',
          label: 'Collection',
          values: [{ value: 'locations', count: 2, chosen: false }],
        },
      ],
      page: 1,
      partial: true,
    }
    open('/search?q=planet')
    expect(screen.getByRole('link', { name: 'Planet Nine' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe(
      '1–2 of 2 names matching “planet” so far: the whole search (types, dimensions, episode codes, characters, typos) is loading.',
    )
    expect(
      screen.getByText('Counted over the names found so far, while the search index loads.'),
    ).toBeTruthy()
    expect(screen.queryByText(/once the catalogue index is complete/)).toBeNull()
  })

  it('says how many results the whole search found once it answers', () => {
    page = {
      info: { count: 2, pages: 1 },
      results: [row(1, 'Planet Nine'), row(2, 'Planet Zero')],
      facets: [
        {
          name: 'collection',
          label: 'Collection',
          values: [{ value: 'locations', count: 2, chosen: false }],
        },
      ],
      page: 1,
    }
    open('/search?q=planet')
    expect(screen.getByRole('status').textContent).toBe('1–2 of 2 results for “planet”')
  })
})
