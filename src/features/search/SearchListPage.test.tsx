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
/** The service's answer, where it searches its catalogue (contract §13). */
let onService: Page | undefined
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
  useServiceSearchList: () => ({ data: onService, isPlaceholderData: false, isFetching: false, error: null }),
}))

afterEach(cleanup)

function open(path: string, search = false) {
  renderApp([{ path: '/search', element: <SearchListPage /> }], path, {
    fetch: () => Promise.reject(new Error('no service in this test')),
    config: { demoKey: 'k', search },
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

  it('keeps the whole answer of a service that searches its catalogue while the index has the names only', () => {
    const names = (partial: boolean): Page => ({
      info: { count: partial ? 1 : 2, pages: 1 },
      results: partial ? [row(1, 'Planet Nine')] : [row(1, 'Planet Nine'), row(2, 'Planet Zero')],
      facets: [{ name: 'collection', label: 'Collection', values: [] }],
      page: 1,
      ...(partial ? { partial: true as const } : {}),
    })
    page = names(true)
    onService = names(false)
    open('/search?q=planet', true)
    expect(screen.getByRole('status').textContent).toBe('1–2 of 2 results for “planet”')
    expect(screen.getByText(/Counted by the catalogue service/)).toBeTruthy()
    onService = undefined
  })
})
