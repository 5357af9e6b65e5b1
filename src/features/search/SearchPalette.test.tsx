// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Connection } from '../../api/client'
import type { SearchSource } from '../../catalogue-index/hooks/use-search'
import { SearchPalette } from './SearchPalette'

/** Where the mocked search says its (empty) answer comes from. */
let source: SearchSource = 'index'

vi.mock('../../catalogue-index/hooks/use-search', async (original) => ({
  ...(await original<typeof import('../../catalogue-index/hooks/use-search')>()),
  useSearch: (_connection: unknown, _client: unknown, query: string) => ({
    query,
    answer: { groups: [] },
    source,
    pending: false,
    failed: false,
  }),
}))

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false
  }
})

afterEach(cleanup)

const connection: Connection = { baseUrl: '', apiKey: '' }

async function searchFor(text: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <SearchPalette connection={connection} client={null} onClose={() => undefined} />,
      },
    ],
    { initialEntries: ['/'] },
  )
  render(<RouterProvider router={router} />)
  await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), text)
}

describe('the palette with no results', () => {
  it.each(['names', 'preparing'] as const)(
    'says the search is still loading, never "Nothing matches", while the answer is %s only',
    async (partial) => {
      source = partial
      await searchFor('cafe')
      expect(
        screen.getByText(/No names match “cafe” yet: the search of the whole catalogue is still loading/),
      ).toBeTruthy()
      expect(screen.queryByText(/Nothing matches/)).toBeNull()
      expect(screen.getByRole('status').textContent).toBe(
        'No results yet: the search of the whole catalogue is still loading.',
      )
    },
  )

  it('says "Nothing matches" once the whole catalogue was searched', async () => {
    source = 'index'
    await searchFor('cafe')
    expect(screen.getByText('Nothing matches “cafe”.')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('No results.')
  })
})
