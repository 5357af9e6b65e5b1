// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RelatedAnswer } from '../../catalogue-index/hooks/use-characters'
import RelatedRecords from './RelatedRecords'

const answer = vi.hoisted(() => ({ current: null as unknown }))
vi.mock('../../catalogue-index/hooks/use-characters', () => ({ useRelatedRecords: () => answer.current }))

afterEach(cleanup)

const episode = (id: number) => ({
  id,
  name: `Episode ${id}`,
  air_date: 'May 1, 2014',
  episode: `S01E${String(id).padStart(2, '0')}`,
  characters: [],
  url: `https://catalogue.test/v1/episodes/${id}`,
  created: '2017-11-10T12:56:33.798Z',
})

const location = {
  id: 3,
  name: 'Zürich Nine',
  type: 'Base',
  dimension: 'Dimension K-12',
  residents: [],
  url: 'https://catalogue.test/v1/locations/3',
  created: '2017-11-10T12:56:33.798Z',
}

function show(served: Partial<RelatedAnswer>) {
  answer.current = served
  render(
    <MemoryRouter>
      <RelatedRecords
        collection={{ name: 'locations', characterLinks: { plural: 'residents' } }}
        record={location}
        headings={{ episodes: 'Episodes its residents appear in' }}
      />
    </MemoryRouter>,
  )
}

describe('a record’s related records answered by the service, a page at a time', () => {
  it('says how many are shown of how many, and Show more reads the next page', () => {
    const showMore = vi.fn()
    const items = Array.from({ length: 20 }, (_, at) => ({ record: episode(at + 1), count: 1 }))
    show({
      state: 'ready',
      data: [{ collection: 'episodes', items }],
      updatedAt: null,
      kept: false,
      by: 'service',
      paths: [],
      more: { episodes: { count: 25, next: true } },
      showMore,
      fetchingMore: false,
    })
    expect(screen.getAllByRole('listitem')).toHaveLength(20)
    expect(screen.getByText(/^20 of 25 shown\./)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show more episodes' }))
    expect(showMore).toHaveBeenCalledOnce()
  })

  it('offers nothing more once the last page is shown, and a failure of the service says so with Retry', () => {
    show({
      state: 'ready',
      data: [{ collection: 'episodes', items: [{ record: episode(1), count: 2 }] }],
      by: 'service',
      more: { episodes: { count: 1, next: false } },
    })
    expect(screen.queryByRole('button', { name: 'Show more episodes' })).toBeNull()
    cleanup()
    const retry = vi.fn()
    show({ state: 'failed', error: new Error('503'), retry, by: 'service', more: null })
    expect(screen.getByText(/^The service did not answer these\./)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalledOnce()
  })
})
