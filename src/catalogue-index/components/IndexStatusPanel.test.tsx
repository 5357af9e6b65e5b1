// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IndexState } from '../hooks/use-index-status'
import IndexStatusPanel from './IndexStatusPanel'

const build = vi.fn()
const dismiss = vi.fn()
let state: IndexState

vi.mock('../hooks/use-index-status', () => ({ useIndexStatus: () => state }))
vi.mock('../hooks/offline-ready', () => ({ useOfflineReady: () => false }))

const notBuilt: IndexState = {
  stale: false,
  status: {
    collections: [
      {
        collection: 'locations',
        count: 2_000_000,
        pages: 100_000,
        pagesDone: 0,
        records: 0,
        complete: false,
      },
      { collection: 'episodes', count: 400_000, pages: 20_000, pagesDone: 0, records: 0, complete: false },
    ],
    complete: false,
    updatedAt: null,
    building: false,
    catalogueVersion: null,
  },
  progress: null,
  problem: null,
  asking: null,
  build,
  dismiss,
  cancel: vi.fn(),
}

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

/** The state while a stream of `total` records is read, `records` of them stored. */
const building = (records: number, total: number): IndexState => ({
  ...notBuilt,
  status: { ...(notBuilt.status as NonNullable<IndexState['status']>), building: true },
  progress: {
    pagesDone: 0,
    pagesTotal: null,
    records,
    recordsTotal: total,
    requests: 1,
    retries: 0,
    requestsPerSecond: 0,
    secondsLeft: 30,
    pause: null,
  },
})

describe('the catalogue index’s status line', () => {
  it('asks first before building a large index, says how large, and builds it only when told to', async () => {
    state = { ...notBuilt, asking: 452_300_000 }
    render(<IndexStatusPanel connection={{ baseUrl: '', apiKey: '' }} />)
    const confirm = screen.getByRole('button', { name: 'Build the index (452 MB)' })
    expect(document.activeElement).toBe(confirm)
    const described = document.getElementById(confirm.getAttribute('aria-describedby') ?? '')
    expect(described?.textContent).toBe(
      'The catalogue index will hold about 452 MB of records in this browser, which keeps them on this device. Build it?',
    )
    await userEvent.click(confirm)
    expect(build).toHaveBeenCalledWith('build', true)
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(dismiss).toHaveBeenCalled()
  })

  it('counts a stream’s records in its progress bar', () => {
    state = building(600_000, 2_400_000)
    render(<IndexStatusPanel connection={{ baseUrl: '', apiKey: '' }} />)
    const bar = screen.getByRole('progressbar', { name: 'Catalogue index progress' })
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['600000', '2400000'])
    expect(bar.getAttribute('aria-valuetext')).toBe('600,000 of 2,400,000 records, about 30 s left')
    expect(screen.queryByRole('button', { name: /Build the index/ })).toBeNull()
  })

  it('shows how far the build is in whole percents, as its figures say, and announces it only every quarter', () => {
    state = building(130_000, 1_009_801)
    const { rerender } = render(<IndexStatusPanel connection={{ baseUrl: '', apiKey: '' }} />)
    expect(screen.getByText('12% · 130,000 of 1,009,801 records, about 30 s left')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Catalogue index 0% built')

    state = building(465_000, 1_009_801)
    rerender(<IndexStatusPanel connection={{ baseUrl: '', apiKey: '' }} />)
    expect(screen.getByText('46% · 465,000 of 1,009,801 records, about 30 s left')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Catalogue index 25% built')
  })
})
